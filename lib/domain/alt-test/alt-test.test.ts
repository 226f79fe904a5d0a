import { describe, expect, it } from "vitest";
import { altTest, ALT_TEST_DEFAULTS, benjaminiYekutieli, type ItemLabels } from "./alt-test";

// Expected values: the authors' `alt_test` and `by_procedure` (nitaytech/AltTest,
// alt_test_example.ipynb) run on the same fixtures with numpy and scipy 1.10.1.
const labels = (o: Record<string, string | number>): ItemLabels => new Map(Object.entries(o));
const humans = (o: Record<string, Record<string, string | number>>) =>
  new Map(Object.entries(o).map(([h, l]) => [h, labels(l)]));
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.abs(b) * 1e-10);

describe("the Alternative Annotator Test, as the authors' alt_test", () => {
  it("compares text labels by accuracy, leaves out an item with one annotator and an annotator under the minimum", () => {
    const result = altTest(
      labels({ i1: "rel", i2: "non", i3: "rel", i4: "non", i5: "non", i6: "non" }),
      humans({
        a: { i1: "rel", i2: "non", i3: "rel", i4: "par", i5: "rel", i6: "non" },
        b: { i1: "rel", i2: "rel", i3: "rel", i4: "non", i6: "non" },
        c: { i1: "non", i3: "rel" }, // 2 items: under the minimum of 3, but still one of the others
      }),
      { ...ALT_TEST_DEFAULTS, scoring: "accuracy", epsilon: 0.2, minItemsPerHuman: 3 },
    );
    expect(result.annotators.map((a) => [a.annotator, a.items, a.won])).toEqual([
      ["a", 5, false], // i5: only a labelled it
      ["b", 5, false],
    ]);
    close(result.annotators[0]!.pValue, 0.05805826175840775);
    close(result.annotators[1]!.pValue, 0.05805826175840779);
    expect(result).toMatchObject({ winningRate: 0, advantageProbability: 1, passed: false });
  });

  it("compares numeric levels by negative RMSE", () => {
    const result = altTest(
      labels({ q0: 2, q1: 0, q2: 1, q3: 2, q4: 1, q5: 1, q6: 1, q7: 0 }),
      humans({
        w: { q0: 2, q1: 1, q2: 3, q3: 0, q4: 0, q5: 0, q6: 2, q7: 0 },
        x: { q0: 1, q1: 0, q2: 0, q3: 3, q4: 3, q5: 0, q6: 1, q7: 0 },
        y: { q0: 3, q1: 0, q2: 0, q3: 1, q4: 0, q5: 3, q6: 0, q7: 1 },
        z: { q0: 0, q1: 1, q2: 2, q3: 3, q4: 1, q5: 0, q6: 2, q7: 1 },
      }),
      { ...ALT_TEST_DEFAULTS, scoring: "neg-rmse", epsilon: 0.15, minItemsPerHuman: 5 },
    );
    const expected = [0.00045370552521811807, 0.0019310973920050611, 3.891377669761011e-5, 3.891377669761011e-5];
    result.annotators.forEach((a, i) => close(a.pValue, expected[i]!));
    expect(result).toMatchObject({ winningRate: 1, advantageProbability: 1, passed: true });
  });

  it("counts a tie for both: an LLM that always agrees has a constant difference of 0", () => {
    const same = { i1: 1, i2: 1, i3: 1 };
    const run = (epsilon: number) =>
      altTest(labels(same), humans({ a: same, b: same }), {
        ...ALT_TEST_DEFAULTS,
        scoring: "accuracy",
        epsilon,
        minItemsPerHuman: 3,
      });
    // 0 against ε = 0 is 0 / 0: no p-value, so no win
    expect(run(0).annotators.map((a) => a.pValue)).toEqual([NaN, NaN]);
    expect(run(0)).toMatchObject({ winningRate: 0, advantageProbability: 1, passed: false });
    // 0 against ε = 0.1: t = −∞, p = 0
    expect(run(0.1).annotators.map((a) => a.pValue)).toEqual([0, 0]);
    expect(run(0.1)).toMatchObject({ winningRate: 1, passed: true });
  });

  it("has no winning rate when no annotator has enough items, and says why", () => {
    const same = { i1: 1, i2: 1, i3: 1 };
    expect(
      altTest(labels(same), humans({ a: same, b: same }), { ...ALT_TEST_DEFAULTS, scoring: "accuracy", epsilon: 0.1 }),
    ).toEqual({
      winningRate: null,
      advantageProbability: null,
      passed: false,
      annotators: [],
      reason: "no annotator has 30 items that the LLM and 2 or more annotators labelled",
    });
  });
});

describe("the Benjamini-Yekutieli procedure", () => {
  it("rejects up to the largest rank under its line; a NaN is never rejected but counts in m", () => {
    expect([...benjaminiYekutieli([0.001, 0.02, NaN], 0.05)]).toEqual([0]);
    expect([...benjaminiYekutieli([0.001, 0.02], 0.05)].sort()).toEqual([0, 1]);
    expect([...benjaminiYekutieli([0.03, 0.001, 0.0, 0.5, 0.012], 0.05)].sort()).toEqual([1, 2, 4]);
    expect(benjaminiYekutieli([], 0.05).size).toBe(0);
  });
});
