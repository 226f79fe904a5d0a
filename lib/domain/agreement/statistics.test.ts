// Each statistic against worked examples published with its definition (sources inline).
import { describe, expect, it } from "vitest";
import { bootstrapGroups } from "./bootstrap";
import { confusionMatrix } from "./confusion-matrix";
import { fleissKappa } from "./fleiss-kappa";
import { cohenKappa, feb4ragLegacyKappa, percentAgreement, weightedKappa } from "./kappa";
import { krippendorffAlpha, type ReliabilityData } from "./krippendorff-alpha";
import { pairStatisticsWithIntervals } from "./pair-statistics";
import type { PairedCodes } from "./statistic";

const repeat = (...runs: [number, number][]) => runs.flatMap(([value, times]) => Array<number>(times).fill(value));
const paired = (a: number[], b: number[], categories: number): PairedCodes => ({ a, b, categories });

/** Reliability data from a coders x units matrix (null = missing), values mapped through `domain`. */
function matrix(rows: (number | string | null)[][], domain: (number | string)[]): ReliabilityData {
  const unit: number[] = [];
  const code: number[] = [];
  for (const row of rows) {
    row.forEach((v, u) => {
      if (v === null) return;
      unit.push(u);
      code.push(domain.indexOf(v));
    });
  }
  return { unit, code, units: rows[0]!.length, categories: domain.length };
}

describe("Cohen's kappa", () => {
  it("Artstein & Poesio (2008), table 1: 0.348 (scikit-learn's test)", () => {
    const pairs = paired(repeat([0, 40], [1, 60]), repeat([0, 20], [1, 20], [0, 10], [1, 50]), 2);
    expect(cohenKappa(pairs).value).toBeCloseTo(0.348, 3);
  });

  it("Artstein & Poesio (2008), table 4, three categories: 0.8013", () => {
    expect(
      cohenKappa(paired(repeat([0, 46], [1, 44], [2, 10]), repeat([0, 52], [1, 32], [2, 16]), 3)).value,
    ).toBeCloseTo(0.8013, 4);
  });

  it("is undefined without items or when chance agreement is 1", () => {
    expect(cohenKappa(paired([], [], 2))).toEqual({ value: null, reason: "no items labelled by both judges" });
    expect(cohenKappa(paired([1, 1], [1, 1], 2))).toMatchObject({
      value: null,
      reason: expect.stringMatching(/chance agreement is 1/),
    });
  });
});

describe("weighted kappa", () => {
  const pairs = paired(repeat([0, 46], [1, 44], [2, 10]), repeat([0, 50], [1, 40], [2, 10]), 3);

  it("none / linear / quadratic: 0.9315 / 0.9412 / 0.9541 (scikit-learn's test)", () => {
    expect(weightedKappa(pairs, "none").value).toBeCloseTo(0.9315, 4);
    expect(weightedKappa(pairs, "linear").value).toBeCloseTo(0.9412, 4);
    expect(weightedKappa(pairs, "quadratic").value).toBeCloseTo(0.9541, 4);
  });

  it("quadratic on scores 1..10: 0.758620689655172 and 0.438095238095238 (Maple EssayTools documentation)", () => {
    const scores = (xs: number[]) => xs.map((x) => x - 1);
    const a = scores([9, 7, 8, 7, 6, 8, 3, 5, 10]);
    expect(weightedKappa(paired(a, scores([8, 8, 6, 6, 7, 6, 1, 4, 8]), 10), "quadratic").value).toBeCloseTo(
      0.758620689655172,
      12,
    );
    expect(weightedKappa(paired(a, scores([3, 5, 6, 6, 7, 6, 1, 4, 8]), 10), "quadratic").value).toBeCloseTo(
      0.438095238095238,
      12,
    );
  });
});

describe("percent agreement and the confusion matrix", () => {
  it("count agreements and cells", () => {
    const pairs = paired([0, 1, 1, 2], [0, 1, 2, 2], 3);
    expect(percentAgreement(pairs).value).toBe(0.75);
    expect(confusionMatrix(pairs)).toEqual([
      [1, 0, 0],
      [0, 1, 1],
      [0, 0, 1],
    ]);
  });
});

describe("FeB4RAG's legacy kappa", () => {
  it("inflates kappa: po 0.8 with both judges 40% positive gives 0.762 against the standard 0.583 (docs/DOMAIN.md, Agreement)", () => {
    // 10 items: both positive on 3, both negative on 5, one each way on 1 and 1.
    const pairs = paired([1, 1, 1, 0, 0, 0, 0, 0, 1, 0], [1, 1, 1, 0, 0, 0, 0, 0, 0, 1], 2);
    expect(percentAgreement(pairs).value).toBeCloseTo(0.8, 12);
    expect(cohenKappa(pairs).value).toBeCloseTo(0.583, 3);
    expect(feb4ragLegacyKappa(pairs).value).toBeCloseTo(0.762, 3);
  });
});

describe("Krippendorff's alpha", () => {
  const N = null;
  const wikipedia = [
    [N, N, N, N, N, 3, 4, 1, 2, 1, 1, 3, 3, N, 3],
    [1, N, 2, 1, 3, 3, 4, 3, N, N, N, N, N, N, N],
    [N, N, 2, 1, 3, 4, 4, N, 2, 1, 1, 3, 3, N, 4],
  ];
  const krippendorff2011 = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
    [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
  ];

  it("Wikipedia's computational example: nominal 0.691358, interval 0.810845", () => {
    const data = matrix(wikipedia, [1, 2, 3, 4]);
    expect(krippendorffAlpha(data, "nominal").value).toBeCloseTo(0.691358, 6);
    expect(krippendorffAlpha(data, "interval", [1, 2, 3, 4]).value).toBeCloseTo(0.810845, 6);
  });

  it("Krippendorff (2011), four observers with missing values: ordinal 0.815", () => {
    expect(krippendorffAlpha(matrix(krippendorff2011, [1, 2, 3, 4, 5]), "ordinal").value).toBeCloseTo(0.815, 3);
  });

  it("string labels: nominal 0.722222 (fast-krippendorff's test)", () => {
    const data = matrix(
      [
        ["pos", "neg", "neu", N],
        ["pos", "neg", "neu", "pos"],
        ["pos", "neg", "pos", "pos"],
      ],
      ["neg", "neu", "pos"],
    );
    expect(krippendorffAlpha(data, "nominal").value).toBeCloseTo(0.722222, 6);
  });

  it("is undefined when no unit has two values, or all values are equal", () => {
    expect(
      krippendorffAlpha(
        matrix(
          [
            [1, N],
            [N, 2],
          ],
          [1, 2],
        ),
        "nominal",
      ),
    ).toEqual({ value: null, reason: "no unit has two or more values" });
    expect(
      krippendorffAlpha(
        matrix(
          [
            [1, 1],
            [1, 1],
          ],
          [1, 2],
        ),
        "nominal",
      ).value,
    ).toBeNull();
  });
});

describe("Fleiss' kappa", () => {
  it("Fleiss (1971) as worked on Wikipedia: 14 raters, 10 subjects, 5 categories, 0.210", () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    expect(fleissKappa(counts).value).toBeCloseTo(0.21, 3);
  });

  it("needs the same number of ratings per item", () => {
    expect(
      fleissKappa([
        [1, 1],
        [2, 1],
      ]),
    ).toMatchObject({ value: null, reason: expect.stringMatching(/item 2 has 3 ratings, the first has 2/) });
    expect(fleissKappa([])).toEqual({ value: null, reason: "no items" });
  });
});

describe("bootstrap intervals", () => {
  const pairs = paired(repeat([0, 46], [1, 44], [2, 10]), repeat([0, 52], [1, 32], [2, 16]), 3);

  it("are reproducible from the seed and contain the estimate", () => {
    const first = pairStatisticsWithIntervals(pairs, true, { seed: 7, resamples: 400 });
    expect(pairStatisticsWithIntervals(pairs, true, { seed: 7, resamples: 400 })).toEqual(first);
    expect(pairStatisticsWithIntervals(pairs, true, { seed: 8, resamples: 400 })).not.toEqual(first);
    const kappa = first["cohen-kappa"];
    expect(kappa.value).toBeCloseTo(0.8013, 4);
    expect(kappa.low!).toBeLessThan(0.8013);
    expect(kappa.high!).toBeGreaterThan(0.8013);
    expect(kappa.high! - kappa.low!).toBeLessThan(0.3);
  });

  it("match the normal approximation for a proportion: 800 of 1,000 items agree, 0.8 ± 1.96 sqrt(0.16 / 1000)", () => {
    const agree = bootstrapGroups(["share"], [800, 200], ([yes, no]) => ({ share: { value: yes! / (yes! + no!) } }), {
      resamples: 2000,
      seed: 3,
    }).share;
    const half = 1.96 * Math.sqrt((0.8 * 0.2) / 1000);
    expect(agree.low!).toBeCloseTo(0.8 - half, 2);
    expect(agree.high!).toBeCloseTo(0.8 + half, 2);
  });

  it("are withheld below minUnits, with the value kept and how many more items would allow them", () => {
    const share = ([yes, no]: readonly number[]) => ({ share: { value: yes! / (yes! + no!) } });
    expect(bootstrapGroups(["share"], [12, 7], share, { minUnits: 20 }).share).toEqual({
      value: 12 / 19,
      low: null,
      high: null,
      withheld: "19 items: an interval needs at least 20, so 1 more",
    });
    // from 20 items on, drawn as without the rule
    expect(bootstrapGroups(["share"], [13, 7], share, { minUnits: 20 })).toEqual(
      bootstrapGroups(["share"], [13, 7], share),
    );
    expect(bootstrapGroups(["share"], [13, 7], share, { minUnits: 20 }).share.low).not.toBeNull();
    // the CLI's default draws at any n
    expect(bootstrapGroups(["share"], [2, 1], share).share.low).not.toBeNull();
  });

  it("is null without items", () => {
    expect(bootstrapGroups(["share"], [0, 0], () => ({ share: { value: null, reason: "no items" } }))).toEqual({
      share: { value: null, reason: "no items", low: null, high: null },
    });
  });
});
