import { describe, expect, it } from "vitest";
import { poisson, seededRandom } from "./random";

describe("poisson", () => {
  it.each([0.3, 4, 12, 250, 100_000])("has mean and variance %d over 40,000 draws", (mean) => {
    const random = seededRandom(42);
    const n = 40_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const k = poisson(mean, random);
      expect(Number.isInteger(k) && k >= 0).toBe(true);
      sum += k;
      squares += k * k;
    }
    const m = sum / n;
    const variance = squares / n - m * m;
    // five standard errors of the mean and (roughly) of the variance
    expect(Math.abs(m - mean)).toBeLessThan(5 * Math.sqrt(mean / n));
    expect(Math.abs(variance - mean)).toBeLessThan(5 * mean * Math.sqrt(2 / n) + 0.05);
  });

  it("matches the Poisson probabilities at mean 15 (the rejection branch)", () => {
    const random = seededRandom(7);
    const n = 200_000;
    const tally = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const k = poisson(15, random);
      tally.set(k, (tally.get(k) ?? 0) + 1);
    }
    let p = Math.exp(-15);
    for (let k = 0; k <= 30; k++) {
      if (k > 0) p *= 15 / k;
      const expected = n * p;
      expect(Math.abs((tally.get(k) ?? 0) - expected)).toBeLessThan(5 * Math.sqrt(expected) + 2);
    }
  });

  it("is reproducible from the seed, and 0 for a mean of 0", () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            poisson(40, r)
        )(seededRandom(seed)),
      );
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    expect(poisson(0, seededRandom(1))).toBe(0);
  });
});
