/** FeB4RAG's weights of the 0-3 labels: not relevant, minimal, high, key. */
const WEIGHTS = [0, 0.25, 0.5, 1] as const;

/**
 * FeB4RAG's graded precision of a resource for a request (eq. 1): 100 · Σ_{i<=10} w_i / 10 over its
 * first ten results, rounded up, computed in IEEE doubles in that order as their files were
 * (5.5 / 10 · 100 = 55.000000000000007, so 56). Labels are the 0-3 levels; fewer than ten results
 * count the missing ones as 0.
 */
export function gradedPrecision(labels: readonly number[]): number {
  let sum = 0;
  for (const label of labels.slice(0, 10)) {
    const w = WEIGHTS[label];
    if (w === undefined) throw new RangeError(`a FeB4RAG label is 0, 1, 2 or 3, not ${label}`);
    sum += w;
  }
  return Math.ceil((sum / 10) * 100);
}
