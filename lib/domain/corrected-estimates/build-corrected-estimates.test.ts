import { describe, expect, it } from "vitest";
import type { SetLabel } from "../label-sets/label-set";
import { classicalMean, ppiMean } from "../ppi/ppi-mean";
import { buildCorrectedEstimates, describeSample, type HumanValue } from "./build-corrected-estimates";

const llmLabel = (targetKey: string, value: string, scale = "graded-0-2"): SetLabel => ({
  targetKey,
  value,
  scale,
  queryId: 1,
  nuggetId: null,
  criterion: null,
});
const graded = (...values: string[]): HumanValue[] => values.map((value) => ({ value, scale: "graded-0-2" }));
const UNIFORM = { uniform: true, why: "drawn uniformly" };
const Z95 = 1.959963984540054;

// Five (question, chunk) pairs the LLM graded 2, 0, 1, 2, 0 (positive from 1: 1, 0, 1, 1, 0), and
// one (nugget, chunk) pair, outvoted: the pairs are relevance pairs. People graded three of them:
// qd:1:1 "2"; qd:1:2 "0" and "1" (two people: share 0.5, mean level 0.5); qd:1:3 "0".
const llm = {
  name: "gpt-4o",
  labels: new Map(
    [
      llmLabel("qd:1:1", "2"),
      llmLabel("qd:1:2", "0"),
      llmLabel("qd:1:3", "1"),
      llmLabel("qd:1:4", "2"),
      llmLabel("qd:1:5", "0"),
      llmLabel("nd:7:1", "1", "binary"),
    ].map((l) => [l.targetKey, l]),
  ),
};
const humanLabels = new Map([
  ["qd:1:1", graded("2")],
  ["qd:1:2", graded("0", "1")],
  ["qd:1:3", graded("0")],
]);
// these small cases show intervals from two labelled pairs on (the reports' minimum is 30: see the last tests)
const report = (sample = UNIFORM, labels: ReadonlyMap<string, readonly HumanValue[]> = humanLabels, minUnits = 2) =>
  buildCorrectedEstimates({ llm, human: { name: "experts", labels, sample }, confidence: 0.95, minUnits });

describe("buildCorrectedEstimates", () => {
  it("estimates over the pairs of the kind the LLM labelled most, with the people's on a sample", () => {
    const r = report();
    expect(r).toMatchObject({ llm: "gpt-4o", human: "experts", kind: "relevance", pairs: 5, labelled: 3 });
    expect(r.quantities.map((q) => q.id)).toEqual(["share", "mean-level"]);
    expect(r.quantities[1]!.label).toBe("Mean level on Graded 0 / 1 / 2 (0 = Not relevant)");
  });

  it("gives the LLM's mean over every pair and the people's mean with its normal interval", () => {
    const [share, level] = report().quantities;
    expect(share!.llmOnly).toBeCloseTo(3 / 5, 12);
    expect(level!.llmOnly).toBeCloseTo(5 / 5, 12);
    // people's shares 1, 0.5, 0: mean 0.5, population sd sqrt(1/6), half-width z * sd / sqrt(3)
    const half = (Z95 * Math.sqrt(1 / 6)) / Math.sqrt(3);
    expect(share!.classical!.estimate).toBeCloseTo(0.5, 12);
    expect(share!.classical!.low).toBeCloseTo(0.5 - half, 9);
    expect(share!.classical!.high).toBeCloseTo(0.5 + half, 9);
    // people's levels 2, 0.5, 0: mean 2.5 / 3
    expect(level!.classical!.estimate).toBeCloseTo(2.5 / 3, 12);
    expect(level!.labelled).toBe(3);
    expect(level!.pairs).toBe(5);
  });

  it("corrects the LLM with the people's pairs as PPI++ does, in the values' own order", () => {
    const [share] = report().quantities;
    // labelled (y, ŷ) sorted: (0, 1), (0.5, 0), (1, 1); unlabelled ŷ: 0 (qd:1:5) and 1 (qd:1:4)
    const expected = ppiMean({ y: [0, 0.5, 1], yhat: [1, 0, 1], yhatUnlabelled: [0, 1], confidence: 0.95 });
    expect(share!.withheld).toEqual({ people: null, ppi: null });
    expect(share!.ppi).toEqual({
      estimate: expected.estimate,
      low: expected.low,
      high: expected.high,
      lambda: expected.lambda,
    });
    expect(share!.classical).toEqual(classicalMean([0, 0.5, 1], 0.95));
  });

  it("withholds PPI's interval for a sample not drawn at random, and plans afresh", () => {
    // 400 pairs the LLM calls relevant every other time; people graded the first 40, agreeing but for every fifth
    const keys = Array.from({ length: 400 }, (_, i) => `qd:1:${i + 1}`);
    const many = { name: "gpt-4o", labels: new Map(keys.map((k, i) => [k, llmLabel(k, i % 2 ? "0" : "2")])) };
    const people = new Map(keys.slice(0, 40).map((k, i) => [k, graded(i % 5 === 0 ? "1" : i % 2 ? "0" : "2")]));
    const plan = (sample: typeof UNIFORM) =>
      buildCorrectedEstimates({
        llm: many,
        human: { name: "experts", labels: people, sample },
        confidence: 0.95,
        minUnits: 30,
      }).quantities[0]!;
    const [uniform, notUniform] = [plan(UNIFORM), plan({ uniform: false, why: "hand-picked" })];
    expect(notUniform.ppi).toBeNull();
    expect(notUniform.withheld).toEqual({
      people: null,
      ppi: "the people's pairs are not a uniform random sample (see the note on the sample)",
    });
    expect(uniform.ppi).not.toBeNull();
    expect(notUniform.classical).toEqual(uniform.classical);
    expect(uniform.plan!.targets.map((t) => t.halfWidth)).toEqual([0.05, 0.03, 0.02, 0.01]);
    const reachable = uniform.plan!.targets.filter((t) => t.labels !== null);
    expect(reachable.length).toBeGreaterThan(0);
    for (const [i, target] of uniform.plan!.targets.entries()) {
      const fresh = notUniform.plan!.targets[i]!;
      expect(fresh.labels).toBe(target.labels);
      // a uniform sample counts the 40 labels it has; others start afresh
      expect(fresh.more).toBe(target.labels);
      expect(target.more).toBe(target.labels === null ? null : Math.max(0, target.labels - 40));
    }
    expect(reachable.some((t) => t.more! > 0 && t.more! < t.labels!)).toBe(true);
  });

  it("says why there is nothing to correct with fewer than two labelled pairs, or none unlabelled", () => {
    const one = report(UNIFORM, new Map([["qd:1:1", graded("2")]])).quantities[0]!;
    expect(one.withheld).toEqual({
      people: "1 pair labelled by people: an interval needs at least 2, so 1 more",
      ppi: "1 pair labelled by people: an interval needs at least 2, so 1 more",
    });
    expect(one.people).toBe(1);
    expect(one.classical).toBeNull();
    expect(one.plan).toBeNull();
    const none = report(UNIFORM, new Map()).quantities[0]!;
    expect(none.withheld).toEqual({
      people: "no pair labelled by people",
      ppi: "0 pairs labelled by people: an interval needs at least 2, so 2 more",
    });
    expect(none.people).toBeNull();
    const every = new Map(["qd:1:1", "qd:1:2", "qd:1:3", "qd:1:4", "qd:1:5"].map((k) => [k, graded("1")]));
    const all = report(UNIFORM, every).quantities[0]!;
    expect(all.withheld.ppi).toBe("people labelled every pair: their mean is the answer, there is nothing to correct");
    expect(all.plan!.now).toBe(0);
  });

  it("shows intervals from 30 labelled pairs on, and the people's estimate at any number", () => {
    // 100 pairs, the LLM calls every third relevant; people label the first n, agreeing but on every fourth
    const keys = Array.from({ length: 100 }, (_, i) => `qd:1:${i + 1}`);
    const many = { name: "gpt-4o", labels: new Map(keys.map((k, i) => [k, llmLabel(k, i % 3 ? "0" : "2")])) };
    const at = (n: number) =>
      buildCorrectedEstimates({
        llm: many,
        human: {
          name: "experts",
          labels: new Map(keys.slice(0, n).map((k, i) => [k, graded(i % 4 === 0 ? "1" : i % 3 ? "0" : "2")])),
          sample: UNIFORM,
        },
        confidence: 0.95,
        minUnits: 30,
      }).quantities[0]!;
    const few = at(29);
    const reason = "29 pairs labelled by people: an interval needs at least 30, so 1 more";
    expect(few.withheld).toEqual({ people: reason, ppi: reason });
    expect([few.classical, few.ppi]).toEqual([null, null]);
    // people call pair i relevant when i is a multiple of 4 or of 3: 15 of the first 29
    const positives = Array.from({ length: 29 }, (_, i) => i).filter((i) => i % 4 === 0 || i % 3 === 0).length;
    expect(few.people).toBeCloseTo(positives / 29, 12);
    const enough = at(30);
    expect(enough.withheld).toEqual({ people: null, ppi: null });
    expect(enough.classical!.estimate).toBe(enough.people);
    expect(enough.ppi).not.toBeNull();
  });

  it("has no mean level when the labels are on two scales or on a binary one", () => {
    const mixed = new Map([...humanLabels, ["qd:1:4", [{ value: "relevant", scale: "relevance-3" }]]]);
    expect(report(UNIFORM, mixed).quantities.map((q) => q.id)).toEqual(["share"]);
    const binary = {
      name: "gpt-4o",
      labels: new Map(["nd:1:1", "nd:1:2"].map((k, i) => [k, llmLabel(k, String(i), "binary")])),
    };
    const r = buildCorrectedEstimates({
      llm: binary,
      human: { name: "experts", labels: new Map(), sample: UNIFORM },
      confidence: 0.95,
      minUnits: 30,
    });
    expect(r.kind).toBe("support");
    expect(r.quantities.map((q) => [q.id, q.label])).toEqual([
      ["share", "Nugget support rate: share of (nugget, chunk) pairs supported"],
    ]);
  });
});

describe("describeSample", () => {
  it("calls a seeded campaign of random pairs uniform, and says why others are not", () => {
    expect(describeSample("x", { name: "Pilot", sample: { kind: "random_pairs" } }, "pairs")).toEqual({
      uniform: true,
      why: "Pilot drew its pairs uniformly at random (seeded)",
    });
    const capped = describeSample("x", { name: "Pilot", sample: { kind: "random_questions", cap: 4 } }, "questions");
    expect(capped.uniform).toBe(false);
    expect(capped.why).toMatch(
      /^the questions of Pilot were not drawn uniformly at random \(its sample: random questions, capped\)/,
    );
    const imported = describeSample("assessors", null, "pairs");
    expect(imported.uniform).toBe(false);
    expect(imported.why).toMatch(/^assessors's labels were not drawn by a campaign of pairs uniformly at random/);
  });
});
