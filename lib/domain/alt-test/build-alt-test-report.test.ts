import { describe, expect, it } from "vitest";
import { BUILTIN_SCALES } from "../scales";
import { ALT_TEST_DEFAULTS } from "./alt-test";
import { altTestUnit, buildAltTestReport, defaultScoring, type AltTestInputs } from "./build-alt-test-report";

const SCALE = BUILTIN_SCALES["relevance-3"];
const LEVELS = ["non_relevant", "partially_relevant", "relevant"];
const ITEMS = ["i1", "i2", "i3"];
/** Labels of every item at one level (0, 1 or 2 on Relevance-3). */
const at = (level: number) => new Map(ITEMS.map((i) => [i, LEVELS[level]!]));

const inputs = (over: Partial<AltTestInputs> = {}): AltTestInputs => ({
  campaign: { id: 7, name: "Relevance", taskType: "relevance", overlap: 3 },
  unit: "item",
  scale: SCALE,
  // a says 2, b 1, c 0 on every item
  humans: new Map([
    ["a@x", at(2)],
    ["b@x", at(1)],
    ["c@x", at(0)],
  ]),
  llms: [{ judge: "gpt", campaignLlm: false, labels: at(2) }],
  options: { ...ALT_TEST_DEFAULTS, minItemsPerHuman: 3, scoring: "neg-rmse", epsilon: 0.2 },
  ...over,
});

describe("buildAltTestReport", () => {
  it("compares levels by their positions under negative RMSE (worked by hand)", () => {
    // the LLM says 2. Left out a (2): the others are {1, 0}; the LLM's RMSE equals a's: a tie, d = 0.
    // Left out b (1): the others {2, 0}; b's RMSE is 1, the LLM's √2: b is closer, d = 1 > ε, p = 1.
    // Left out c (0): the others {2, 1}; c's √2.5, the LLM's √0.5: the LLM is closer, d = -1, p = 0.
    const report = buildAltTestReport(inputs());
    const [gpt] = report.llms;
    expect(gpt!.annotators.map((a) => [a.annotator, a.items, a.pValue, a.advantageProbability, a.won])).toEqual([
      ["a@x", 3, 0, 1, true],
      ["b@x", 3, 1, 0, false],
      ["c@x", 3, 0, 1, true],
    ]);
    expect(gpt).toMatchObject({
      winningRate: 2 / 3,
      advantageProbability: 2 / 3,
      passed: true,
      compared: 3,
      labelled: 3,
    });
    expect(report.needs).toBeNull();
  });

  it("compares the same labels as text under accuracy: the LLM is then never further than an annotator", () => {
    // left out b: the others {2, 0}; b matches none, the LLM one of two: the LLM wins every item
    const report = buildAltTestReport(inputs({ options: { ...inputs().options, scoring: "accuracy" } }));
    expect(report.llms[0]!.annotators.map((a) => a.advantageProbability)).toEqual([1, 1, 1]);
    expect(report.llms[0]).toMatchObject({ winningRate: 1, advantageProbability: 1, passed: true });
  });

  it("gives the annotators' agreement beside the test: nominal α under accuracy, interval α under RMSE", () => {
    const rmse = buildAltTestReport(inputs()).agreement;
    expect(rmse).toMatchObject({ units: 3, alphaKind: "interval", pairwiseAgreement: { value: 0 } });
    const accuracy = buildAltTestReport(inputs({ options: { ...inputs().options, scoring: "accuracy" } })).agreement;
    expect(accuracy.alphaKind).toBe("nominal");
    // three annotators who always disagree on three levels: α nominal = 1 - Do/De < 0
    expect(accuracy.alpha.value).toBeLessThan(0);
  });

  it("says what is missing, and what would be enough", () => {
    expect(buildAltTestReport(inputs({ llms: [] })).needs).toMatch(/^no LLM judge labelled this campaign's items/);
    const one = buildAltTestReport(
      inputs({
        humans: new Map([["a@x", at(2)]]),
        campaign: { id: 7, name: "Solo", taskType: "relevance", overlap: 1 },
      }),
    );
    expect(one.needs).toBe(
      "the test needs 2 or more annotators on each item; Solo has 1 annotator so far and gives each item 1 (make a campaign with 2 or more annotators per item)",
    );
    const few = buildAltTestReport(inputs({ options: { ...inputs().options, minItemsPerHuman: 30 } }));
    expect(few.llms[0]).toMatchObject({ winningRate: null, passed: false, annotators: [] });
    expect(few.llms[0]!.reason).toBe("no annotator has 30 items that the LLM and 2 or more annotators labelled");
    expect(few.needs).toBe(
      "each annotator needs 30 items that 2 or more annotators and the LLM labelled; the most any has is 3, so 27 more (or lower the minimum of items per annotator, as the paper allows for small studies)",
    );
  });

  it("counts what the LLM labelled among the campaign's units, and what the test compared", () => {
    const humans = new Map([
      [
        "a@x",
        new Map([
          ["i1", "relevant"],
          ["i2", "relevant"],
        ]),
      ],
      ["b@x", new Map([["i1", "relevant"]])],
    ]);
    const llm = new Map([
      ["i1", "relevant"],
      ["i2", "relevant"],
      ["elsewhere", "relevant"],
    ]);
    const report = buildAltTestReport(
      inputs({
        humans,
        llms: [{ judge: "gpt", campaignLlm: true, labels: llm }],
        options: { ...inputs().options, minItemsPerHuman: 1 },
      }),
    );
    expect(report.sharedUnits).toBe(1);
    expect(report.llms[0]).toMatchObject({ labelled: 2, compared: 1, campaignLlm: true });
    // one item, one difference: no p-value (null, never NaN), and never a win
    expect(report.llms[0]!.annotators.map((a) => [a.items, a.pValue, a.won])).toEqual([
      [1, null, false],
      [1, null, false],
    ]);
  });
});

describe("the test's units and default scoring", () => {
  it("reads pairs, cited sentences, nuggets of answers and criteria, not nugget reviews", () => {
    expect(altTestUnit("relevance")).toBe("item");
    expect(altTestUnit("support")).toBe("item");
    expect(altTestUnit("citation_support")).toBe("item");
    expect(altTestUnit("nugget_assignment")).toBe("nugget");
    expect(altTestUnit("preference")).toBe("choice");
    expect(altTestUnit("nugget_quality")).toBeNull();
  });
  it("compares graded levels by RMSE, two levels and choices by accuracy", () => {
    expect(defaultScoring("item", 3)).toBe("neg-rmse");
    expect(defaultScoring("item", 2)).toBe("accuracy");
    expect(defaultScoring("choice", 3)).toBe("accuracy");
  });
});
