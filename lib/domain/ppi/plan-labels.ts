/**
 * Power planning for a PPI mean: how many human labels n give a target half-width, from a pilot
 * sample's variance of Y and correlation of Y with Ŷ (docs/DOMAIN.md, "Corrected estimates").
 * Of `total` items, n get human labels and N = total - n stay unlabelled:
 * se(n) = sqrt(σ²/n · (1 − ρ² · N/(n + N))), the half-width z · se(n).
 */
import { zFor } from "./ppi-mean";

export type PilotStatistics = { variance: number; rhoSquared: number };

/**
 * σ² = Var_n(Y) (dividing by n) and ρ² = corr_n(Y, Ŷ)², capped at 1 − 1/n so that a small pilot
 * never promises an exact answer. ρ² is 0 when either side is constant.
 */
export function pilotStatistics(y: readonly number[], yhat: readonly number[]): PilotStatistics {
  const n = y.length;
  if (n < 2 || yhat.length !== n) throw new RangeError("a pilot needs at least two items with both values");
  const my = y.reduce((s, v) => s + v, 0) / n;
  const mh = yhat.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (y[i]! - my) * (yhat[i]! - mh);
    syy += (y[i]! - my) ** 2;
    sxx += (yhat[i]! - mh) ** 2;
  }
  const rhoSquared = sxx === 0 || syy === 0 ? 0 : Math.min((sxy * sxy) / (sxx * syy), 1 - 1 / n);
  return { variance: syy / n, rhoSquared };
}

/** The half-width of the PPI interval with n of `total` items labelled. */
export function halfWidth(pilot: PilotStatistics, n: number, total: number, confidence = 0.95): number {
  const unlabelled = total - n;
  return zFor(confidence) * Math.sqrt((pilot.variance / n) * (1 - (pilot.rhoSquared * unlabelled) / (n + unlabelled)));
}

/**
 * The smallest n in [2, total] whose half-width is at most `target`, or null when even labelling
 * every item does not reach it (the half-width falls as n grows, so a bisection finds it).
 */
export function labelsForHalfWidth(
  pilot: PilotStatistics,
  target: number,
  total: number,
  confidence = 0.95,
): number | null {
  if (total < 2 || halfWidth(pilot, total, total, confidence) > target) return null;
  let [low, high] = [2, total];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (halfWidth(pilot, middle, total, confidence) <= target) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The half-width against n, at `points` values of n spread evenly in log scale from 2 to total (for a chart). */
export function halfWidthCurve(
  pilot: PilotStatistics,
  total: number,
  confidence = 0.95,
  points = 40,
): { n: number; halfWidth: number }[] {
  const ns = new Set<number>();
  for (let i = 0; i < points; i++) ns.add(Math.round(2 * (total / 2) ** (i / (points - 1))));
  return [...ns]
    .filter((n) => n >= 2 && n <= total)
    .sort((a, b) => a - b)
    .map((n) => ({ n, halfWidth: halfWidth(pilot, n, total, confidence) }));
}
