import { describe, expect, it } from "vitest";
import { exactMean } from "./exact-mean";

// Every expected value is Python 3's statistics.mean of the same list (printed with repr).
describe("exactMean", () => {
  it("equals statistics.mean where a running sum differs in the last bit", () => {
    const cases: [number[], number, number][] = [
      [
        [0.2857142857142857, 1.0, 0.1111111111111111, 0.16666666666666666, 1.0, 1.0, 0.0],
        0.5090702947845805,
        0.5090702947845804,
      ],
      [[1.0, 1.0, 1.0, 0.0, 0.25, 0.9090909090909091, 1.0, 0.9], 0.7573863636363636, 0.7573863636363637],
      [
        [0.4166666666666667, 1.0, 1.0, 0.1111111111111111, 1.0, 1.0, 0.25, 1.0, 1.0],
        0.7530864197530864,
        0.7530864197530865,
      ],
      [[0.4166666666666667, 0.5, 0.7, 1.0, 0.5, 0.5, 1.0], 0.6595238095238095, 0.6595238095238096],
    ];
    for (const [values, mean, naive] of cases) {
      expect(exactMean(values)).toBe(mean);
      expect(values.reduce((a, b) => a + b, 0) / values.length).toBe(naive); // the case is a real one
    }
  });

  it("is exact at the edges: sums past the largest double, subnormals, signs, one value", () => {
    expect(exactMean([0.1, 0.2, 0.3])).toBe(0.2);
    expect(exactMean([1e308, 1e308])).toBe(1e308);
    expect(exactMean([5e-324, 5e-324, 5e-324])).toBe(5e-324);
    expect(exactMean([-0.5, 0.25])).toBe(-0.125);
    expect(exactMean([1 / 3])).toBe(1 / 3);
    expect(exactMean([0, 0])).toBe(0);
    expect(() => exactMean([])).toThrow(RangeError);
  });
});
