import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { holmAdjusted } from "./holm";
import { pairedTTestPValue } from "./paired-t-test";
import { pairwiseSignificance } from "./pairwise-significance";
import { randomizationPValues } from "./randomization-test";

// References built with scipy 1.10.1 (ttest_rel) and by enumerating every sign assignment (n <= 20)
// or 2,000,000 seeded draws (n > 20): test/fixtures/significance/reference.json, written by
// make-reference.py beside it.
type Case = {
  name: string;
  a: number[];
  b: number[];
  t_p: number | null;
  randomization_p: number;
  randomization_exact: boolean;
};
const { cases } = JSON.parse(fs.readFileSync(path.resolve("test/fixtures/significance/reference.json"), "utf8")) as {
  cases: Case[];
};
const DRAWS = 100_000;

describe("the paired t-test, as scipy's ttest_rel", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const p = pairedTTestPValue(c.a.map((x, i) => x - c.b[i]!));
    if (c.t_p === null) expect(p).toBeNaN();
    else expect(Math.abs(p - c.t_p)).toBeLessThan(1e-9);
  });
  it("gives no test for identical runs and p = 0 for a constant difference of exact binary fractions", () => {
    expect(pairedTTestPValue([0, 0, 0])).toBeNaN();
    expect(pairedTTestPValue([0.5, 0.5, 0.5, 0.5])).toBe(0);
  });
});

describe("the randomization test", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const values = [Float64Array.from(c.a), Float64Array.from(c.b)];
    const { pValues, exact } = randomizationPValues(values, [[0, 1]], { permutations: DRAWS, seed: 1 });
    expect(exact).toBe(c.randomization_exact);
    if (exact) expect(pValues[0]).toBe(c.randomization_p);
    else {
      // within 4 standard errors of the reference's estimate (both estimates' errors)
      const p = c.randomization_p;
      const se = Math.sqrt((p * (1 - p)) / DRAWS + (p * (1 - p)) / 2_000_000);
      expect(Math.abs(pValues[0]! - p)).toBeLessThanOrEqual(4 * se + 1e-12);
    }
  });

  it("draws once for every pair: a pair's p-value in a family is the one it gets alone", () => {
    const c = cases.find((x) => x.name === "50 questions, continuous, shift 0.05")!;
    const runs = [Float64Array.from(c.a.map((x) => x * 0.9)), Float64Array.from(c.a), Float64Array.from(c.b)];
    const family = randomizationPValues(
      runs,
      [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
      { permutations: 20_000, seed: 9 },
    );
    const alone = randomizationPValues([runs[1]!, runs[2]!], [[0, 1]], { permutations: 20_000, seed: 9 });
    expect(family.pValues[2]).toBe(alone.pValues[0]);
    expect(alone.pValues[0]).toBeGreaterThan(0.01);
    expect(alone.pValues[0]).toBeLessThan(0.99);
    // and another seed draws otherwise
    const other = randomizationPValues([runs[1]!, runs[2]!], [[0, 1]], { permutations: 20_000, seed: 10 });
    expect(other.pValues[0]).not.toBe(alone.pValues[0]);
  });
});

describe("Holm's step-down adjustment", () => {
  it("adjusts a hand-worked family, a null left out of m", () => {
    // m = 4: 0.005·4 = 0.02; 0.01·3 = 0.03; 0.03·2 = 0.06; 0.04·1 = 0.04 → 0.06 (monotone)
    const adjusted = holmAdjusted([0.01, NaN, 0.04, 0.03, 0.005]);
    expect(adjusted[0]).toBeCloseTo(0.03, 15);
    expect(adjusted[1]).toBeNaN();
    expect(adjusted[2]).toBeCloseTo(0.06, 15);
    expect(adjusted[3]).toBeCloseTo(0.06, 15);
    expect(adjusted[4]).toBeCloseTo(0.02, 15);
    expect(holmAdjusted([0.4, 0.9])).toEqual([0.8, 0.9]);
  });
});

describe("every pair of runs", () => {
  it("pairs runs by name, a before b, with their means over every question and both tests adjusted", () => {
    const runs = [
      { name: "run-c", values: Float64Array.from([0.5, 0.5, 0.5, 0.5]) },
      { name: "run-a", values: Float64Array.from([1, 0.5, 0, 1]) },
      { name: "run-b", values: Float64Array.from([1, 0.5, 0, 1]) },
    ];
    const tests = pairwiseSignificance(runs, { permutations: 1000, seed: 1 });
    expect(tests.map((t) => [t.a, t.b])).toEqual([
      ["run-a", "run-b"],
      ["run-a", "run-c"],
      ["run-b", "run-c"],
    ]);
    const [same, ac] = tests;
    // identical runs: no t-test (left out of Holm's m = 2), a randomization p of 1
    expect(same).toMatchObject({
      questions: 4,
      meanA: 0.625,
      meanB: 0.625,
      randomizationP: 1,
      randomizationExact: true,
    });
    expect(same!.tP).toBeNaN();
    expect(same!.tPHolm).toBeNaN();
    expect(ac!.tPHolm).toBeCloseTo(Math.min(1, 2 * ac!.tP), 15);
    // the randomization test has a p-value for every pair: m = 3
    expect(tests.map((t) => t.randomizationPHolm)).toEqual(holmAdjusted(tests.map((t) => t.randomizationP)));
  });
});
