import { describe, expect, it } from "vitest";
import { zFor } from "./ppi-mean";
import { halfWidth, halfWidthCurve, labelsForHalfWidth, pilotStatistics } from "./plan-labels";

describe("planning the human labels", () => {
  it("takes sigma² and rho² from the pilot, rho² capped at 1 - 1/n", () => {
    // y = 1,0,1,1 (mean 0.75, variance 0.1875); yhat = 1,0,0,1: cov 0.125 over n, var 0.25 -> rho² = 1/3
    const pilot = pilotStatistics([1, 0, 1, 1], [1, 0, 0, 1]);
    expect(pilot.variance).toBe(0.1875);
    expect(pilot.rhoSquared).toBeCloseTo(1 / 3, 15);
    // a perfect pilot promises no more than 1 - 1/n
    expect(pilotStatistics([0, 1, 0, 1], [0, 1, 0, 1]).rhoSquared).toBe(0.75);
    expect(pilotStatistics([0, 1, 0, 1], [1, 1, 1, 1]).rhoSquared).toBe(0);
  });

  it("computes z · sqrt(σ²/n · (1 − ρ² N/(n + N))) and the smallest n that reaches a half-width", () => {
    const pilot = { variance: 0.2, rhoSquared: 0.5 };
    // n = 100 of 1,000: N = 900, se² = 0.2/100 · (1 - 0.5 · 0.9) = 0.0011
    expect(halfWidth(pilot, 100, 1000)).toBeCloseTo(zFor(0.95) * Math.sqrt(0.0011), 15);
    const n = labelsForHalfWidth(pilot, 0.05, 1000)!;
    expect(halfWidth(pilot, n, 1000)).toBeLessThanOrEqual(0.05);
    expect(halfWidth(pilot, n - 1, 1000)).toBeGreaterThan(0.05);
    // labelling everything gives z · sqrt(0.2 / 1000) = 0.0277: 0.02 is out of reach
    expect(labelsForHalfWidth(pilot, 0.02, 1000)).toBeNull();
  });

  it("draws the half-width against n, falling as n grows", () => {
    const curve = halfWidthCurve({ variance: 0.2, rhoSquared: 0.5 }, 1000);
    expect(curve[0]!.n).toBe(2);
    expect(curve.at(-1)!.n).toBe(1000);
    for (let i = 1; i < curve.length; i++) expect(curve[i]!.halfWidth).toBeLessThan(curve[i - 1]!.halfWidth);
  });
});
