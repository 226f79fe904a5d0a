import { describe, expect, it } from "vitest";
import { gradedPrecision } from "./graded-precision";

describe("FeB4RAG graded precision", () => {
  it("weighs not / minimal / high / key as 0, 0.25, 0.5, 1 over the first ten results", () => {
    expect(gradedPrecision([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(100);
    expect(gradedPrecision([0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(0);
    expect(gradedPrecision([3, 2, 1, 0, 0, 0, 0, 0, 0, 0])).toBe(18); // 1.75 / 10 = 17.5 -> 18
    expect(gradedPrecision([3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(20); // the eleventh result does not count
  });

  it("rounds up as their doubles did: 5.5 / 10 * 100 is 55.000000000000007, so 56", () => {
    expect(gradedPrecision([3, 3, 3, 3, 3, 2, 0, 0, 0, 0])).toBe(56);
    expect(gradedPrecision([3, 1])).toBe(13); // fewer than ten results: 1.25 / 10 -> 12.5 -> 13
  });

  it("refuses a label outside 0-3", () => {
    expect(() => gradedPrecision([4])).toThrow(/0, 1, 2 or 3, not 4/);
  });
});
