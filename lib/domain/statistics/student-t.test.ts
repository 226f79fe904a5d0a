import { describe, expect, it } from "vitest";
import { numpySum, studentTCdf, tTestLessPValue } from "./student-t";

// The expected values are scipy 1.10.1's (`ttest_1samp(xs, eps, alternative="less").pvalue`,
// `scipy.stats.t.cdf(t, df)`) and numpy's, printed with repr.
describe("Student's t and the one-sided t-test, as scipy computes them", () => {
  it.each([
    [-2.5, 9, 0.016930913841492853],
    [0.3, 3, 0.6081183539800405],
    [-12.0, 29, 4.530354166568589e-13],
    [1.7, 200, 0.9546572602542591],
    [-40, 5, 9.205981085886476e-8],
  ])("P(T <= %d) on %d degrees of freedom", (t, df, p) => {
    // ten significant digits: ln Γ of half the degrees of freedom limits the rest
    expect(Math.abs(studentTCdf(t, df) - p) / p).toBeLessThan(1e-10);
  });

  it.each([
    [[0, 1, -1, 0, 1, 1, 0, -1, 0, 1], 0.2, 0.5],
    // all the same, not the margin: t = +∞ or −∞
    [[1, 1, 1, 1], 0.1, 1],
    [[-1, -1, -1], 0.1, 0],
    // all 0.2, but numpy's mean of them is 0.20000000000000004: scipy's t is finite
    [[0.2, 0.2, 0.2], 0.2, 0.8535533905932737],
    [
      [0, 0, 0, -1, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1],
      0.15,
      3.252062078488476e-5,
    ],
  ])("ttest_1samp(%j, %d, less) = %d", (xs, epsilon, p) => {
    expect(Math.abs(tTestLessPValue(xs, epsilon) - p)).toBeLessThanOrEqual(p * 1e-10);
  });

  it("has no p-value for one value, nor for values all equal to the margin (0 / 0)", () => {
    expect(tTestLessPValue([1], 0.1)).toBeNaN();
    expect(tTestLessPValue([0, 0, 0], 0)).toBeNaN();
  });

  it("adds as numpy's pairwise sum does, past 8 and past 128 values", () => {
    const xs = Array.from({ length: 300 }, (_, i) => 0.1 * ((i % 7) + 1));
    // numpy: np.sum(np.array(xs)) for these 300 values
    expect(numpySum(xs)).toBe(119.70000000000002); // a plain loop gives 119.69999999999999
    expect(numpySum([0.1, 0.2, 0.3])).toBe(0.6000000000000001);
  });
});
