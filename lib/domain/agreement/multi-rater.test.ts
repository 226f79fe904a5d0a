import { describe, expect, it } from "vitest";
import { fleissKappa } from "./fleiss-kappa";
import { multiRaterStatistics, multiRaterStatisticsWithIntervals } from "./multi-rater";

/** Reliability data (observers x units, null = missing, values 1..k) as per-unit category counts. */
function unitCounts(data: (number | null)[][], k: number): number[][] {
  return data[0]!.map((_, u) => {
    const row = new Array<number>(k).fill(0);
    for (const observer of data) if (observer[u] !== null) row[observer[u]! - 1]!++;
    return row;
  });
}

const N = null;
// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: four observers,
// twelve units, values 1..5, missing values. Published: nominal 0.743, ordinal 0.815, interval 0.849.
const krippendorff2011 = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, N, N, N],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, N, 3],
  [N, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, N],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, N],
];
// Fleiss (1971) as worked on Wikipedia: 14 raters, 10 subjects, 5 categories, kappa 0.210.
const fleiss1971 = [
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

describe("multi-rater statistics", () => {
  it("Krippendorff (2011), four observers with missing values: nominal 0.743, ordinal 0.815, interval 0.849", () => {
    const stats = multiRaterStatistics(unitCounts(krippendorff2011, 5), true, { values: [1, 2, 3, 4, 5] });
    expect(stats["krippendorff-alpha-nominal"].value).toBeCloseTo(0.743, 3);
    expect(stats["krippendorff-alpha-ordinal"].value).toBeCloseTo(0.815, 3);
    expect(stats["krippendorff-alpha-interval"].value).toBeCloseTo(0.849, 3);
    // Unit 12 has one value and cannot be paired; the units differ in their number of values.
    expect(stats["fleiss-kappa"]).toMatchObject({
      value: null,
      reason: expect.stringMatching(/same number on every item/),
    });
  });

  it("Fleiss (1971): kappa 0.210, and pairwise agreement is Fleiss' P-bar (0.378)", () => {
    const stats = multiRaterStatistics(fleiss1971, false);
    expect(stats["fleiss-kappa"].value).toBeCloseTo(0.21, 3);
    expect(stats["pairwise-agreement"].value).toBeCloseTo(0.378, 3);
    expect(stats["krippendorff-alpha-ordinal"]).toEqual({ value: null, reason: "the categories have no order" });
  });

  it("pairwise agreement by hand: units (a,a,b) and (a,a) agree on 2 of 6 and 2 of 2 ordered pairs", () => {
    expect(
      multiRaterStatistics(
        [
          [2, 1],
          [2, 0],
        ],
        false,
      )["pairwise-agreement"].value,
    ).toBeCloseTo(4 / 8, 12);
  });

  it("ignores items with one rating and is undefined when none has two", () => {
    expect(
      multiRaterStatistics(
        [
          [1, 1],
          [0, 1],
        ],
        false,
      )["fleiss-kappa"],
    ).toMatchObject({ value: -1 });
    const none = multiRaterStatistics(
      [
        [1, 0],
        [0, 1],
      ],
      true,
    );
    expect(none["pairwise-agreement"]).toEqual({ value: null, reason: "no item has two or more ratings" });
    expect(multiRaterStatistics([], true)["krippendorff-alpha-nominal"].value).toBeNull();
  });

  it("weights count an item that many times", () => {
    const once = multiRaterStatistics(
      [
        [2, 0],
        [1, 1],
        [1, 1],
        [0, 2],
      ],
      true,
    );
    const weighted = multiRaterStatistics(
      [
        [2, 0],
        [1, 1],
        [0, 2],
      ],
      true,
      { weights: [1, 2, 1] },
    );
    for (const s of Object.keys(once) as (keyof typeof once)[])
      expect(weighted[s].value).toBeCloseTo(once[s].value!, 12);
    expect(
      fleissKappa(
        [
          [2, 0],
          [1, 1],
          [0, 2],
        ],
        [1, 2, 1],
      ).value,
    ).toBeCloseTo(
      fleissKappa([
        [2, 0],
        [1, 1],
        [1, 1],
        [0, 2],
      ]).value!,
      12,
    );
  });
});

describe("multi-rater bootstrap intervals", () => {
  const counts = [...fleiss1971, ...fleiss1971, ...fleiss1971];

  it("are reproducible from the seed and contain the estimate", () => {
    const first = multiRaterStatisticsWithIntervals(counts, true, { seed: 3, resamples: 300 });
    expect(multiRaterStatisticsWithIntervals(counts, true, { seed: 3, resamples: 300 })).toEqual(first);
    expect(multiRaterStatisticsWithIntervals(counts, true, { seed: 4, resamples: 300 })).not.toEqual(first);
    for (const s of Object.values(first)) {
      expect(s.low!).toBeLessThanOrEqual(s.value!);
      expect(s.high!).toBeGreaterThanOrEqual(s.value!);
      expect(s.high! - s.low!).toBeGreaterThan(0);
    }
  });

  it("have no interval when the statistic is undefined", () => {
    expect(multiRaterStatisticsWithIntervals([[1, 0]], true)["fleiss-kappa"]).toEqual({
      value: null,
      reason: "no item has two or more ratings",
      low: null,
      high: null,
    });
  });
});

describe("multi-rater statistics of weighted rows", () => {
  it("equal those of the rows repeated, intervals included", () => {
    const rows = [
      [2, 0, 0],
      [1, 1, 0],
      [0, 1, 1],
      [0, 0, 2],
    ];
    const weights = [5, 2, 3, 4];
    const repeated = rows.flatMap((row, i) => Array.from({ length: weights[i]! }, () => row));
    expect(multiRaterStatisticsWithIntervals(rows, true, { weights, seed: 9 })).toEqual(
      multiRaterStatisticsWithIntervals(repeated, true, { seed: 9 }),
    );
  });
});
