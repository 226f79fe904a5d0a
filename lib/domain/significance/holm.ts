/**
 * Holm's step-down adjustment of a family of p-values: the p-values that are numbers sorted
 * ascending (m of them; a NaN is left out of m and stays NaN), p'(i) = max over j ≤ i of
 * min(1, (m − j + 1) · p(j)), returned in the given order.
 */
export function holmAdjusted(pValues: readonly number[]): number[] {
  const order = pValues
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => !Number.isNaN(p))
    .sort((x, y) => x.p - y.p || x.i - y.i);
  const m = order.length;
  const adjusted = pValues.map(() => NaN);
  let running = 0;
  order.forEach(({ p, i }, j) => {
    running = Math.max(running, Math.min(1, (m - j) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
