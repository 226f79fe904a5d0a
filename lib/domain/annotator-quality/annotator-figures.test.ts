import { describe, expect, it } from "vitest";
import { annotatorFigures, quantile, referenceAgreement } from "./annotator-figures";

const scale = ["0", "1", "2"];
const label = (annotator: string, item: string, level: string, seconds: number) => ({
  annotator,
  item,
  level,
  seconds,
});

describe("annotator figures, on hand-worked labels", () => {
  it("counts labels and skips, times per item, level shares, the longest run and the drift", () => {
    // Ann: 2 2 2 0 in that order, 10/20/30/40 s; Bo: 1 then 0, 5/7 s; Cy skipped twice
    const figures = annotatorFigures(
      [
        label("ann", "a", "2", 10),
        label("bo", "a", "1", 5),
        label("ann", "b", "2", 20),
        label("ann", "c", "2", 30),
        label("bo", "b", "0", 7),
        label("ann", "d", "0", 40),
      ],
      new Map([
        ["cy", 2],
        ["bo", 1],
      ]),
      scale,
    );
    expect(figures).toEqual([
      {
        annotator: "ann",
        labels: 4,
        skips: 0,
        medianSeconds: 25, // (20 + 30) / 2
        p90Seconds: 37, // 30 + 0.7 * (40 - 30): rank 0.9 * 3 = 2.7
        levels: { "0": 0.25, "1": 0, "2": 0.75 },
        longestRun: { level: "2", length: 3 },
        drift: 0.5, // first half {2: 1}, second {2: 0.5, 0: 0.5}: (0.5 + 0.5) / 2
      },
      {
        annotator: "bo",
        labels: 2,
        skips: 1,
        medianSeconds: 6,
        p90Seconds: 6.8,
        levels: { "0": 0.5, "1": 0.5, "2": 0 },
        longestRun: { level: "1", length: 1 },
        drift: 1, // 1 then 0: nothing in common
      },
      {
        annotator: "cy",
        labels: 0,
        skips: 2,
        medianSeconds: null,
        p90Seconds: null,
        levels: { "0": 0, "1": 0, "2": 0 },
        longestRun: null,
        drift: null,
      },
    ]);
    expect(quantile([3], 0.9)).toBe(3);
    expect(quantile([], 0.5)).toBeNull();
  });

  it("compares an annotator with a reference on the items both labelled: accuracy with Wilson's interval, and kappa", () => {
    const mine = new Map([
      ["a", "2"],
      ["b", "2"],
      ["c", "0"],
      ["d", "1"],
      ["e", "2"], // not in the reference
    ]);
    const reference = new Map([
      ["a", "2"],
      ["b", "0"],
      ["c", "0"],
      ["d", "1"],
    ]);
    const r = referenceAgreement(mine, reference, scale);
    expect(r.items).toBe(4);
    expect(r.accuracy).toBe(0.75);
    // Wilson: p = 0.75, n = 4, z = 1.96: centre (0.75 + 0.4802) / 1.9604, half-width 1.96 * sqrt(0.046875 + 0.0600) / 1.9604
    expect(r.interval!.low).toBeCloseTo(0.3006, 4);
    expect(r.interval!.high).toBeCloseTo(0.9544, 4);
    // kappa: po = 0.75; pe = 0.5 * 0.25 (2) + 0.25 * 0.5 (0) + 0.25 * 0.25 (1) = 0.3125; (0.75 - 0.3125) / 0.6875
    expect(r.kappa.value).toBeCloseTo(0.4375 / 0.6875, 12);
    // 4 items: too few for a bootstrap interval (20), which says how many more
    expect(r.kappa).toMatchObject({
      low: null,
      high: null,
      withheld: "4 items: an interval needs at least 20, so 16 more",
    });
    // from 20 items on, a seeded bootstrap interval around the value, the same on every call
    const many = (m: Map<string, string>) =>
      new Map([...Array(5).keys()].flatMap((copy) => [...m].map(([id, level]) => [`${id}-${copy}`, level] as const)));
    const twenty = referenceAgreement(many(mine), many(reference), scale);
    expect(twenty.items).toBe(20);
    expect(twenty.kappa.value).toBeCloseTo(0.4375 / 0.6875, 12);
    expect(twenty.kappa.withheld).toBeUndefined();
    expect(twenty.kappa.low!).toBeLessThanOrEqual(twenty.kappa.value!);
    expect(twenty.kappa.high!).toBeGreaterThanOrEqual(twenty.kappa.value!);
    expect(referenceAgreement(many(mine), many(reference), scale).kappa).toEqual(twenty.kappa);
    expect(referenceAgreement(new Map(), reference, scale)).toMatchObject({
      items: 0,
      accuracy: null,
      interval: null,
      kappa: { value: null, low: null, high: null },
    });
  });
});
