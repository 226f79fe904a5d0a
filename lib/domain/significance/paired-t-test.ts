import { numpyMean, studentTCdf } from "../statistics/student-t";

/**
 * The two-sided paired t-test's p-value as scipy's `ttest_rel(a, b)` computes it from the
 * differences d = a − b: t = mean(d) / √(var(d) / n), var with n − 1 (scipy's second moment about
 * the mean times n / (n − 1), numpy's pairwise sums), p = 2 · P(T ≤ −|t|) on n − 1 degrees of
 * freedom. NaN (no test) when every difference is 0 (0 / 0) or there is one question; a constant
 * non-zero difference gives t = ±∞ and p = 0, as scipy does.
 */
export function pairedTTestPValue(differences: readonly number[]): number {
  const n = differences.length;
  if (n < 2) return NaN;
  const mean = numpyMean(differences);
  const variance = numpyMean(differences.map((d) => (d - mean) * (d - mean))) * (n / (n - 1));
  const t = mean / Math.sqrt(variance / n);
  if (Number.isNaN(t)) return NaN;
  return 2 * studentTCdf(-Math.abs(t), n - 1);
}
