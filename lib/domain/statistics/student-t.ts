/**
 * Student's t distribution and the sums numpy takes, for the Alternative Annotator Test's one-sided
 * t-test (scipy's `ttest_1samp(..., alternative="less")`) and the paired two-sided one of runs'
 * significance (scipy's `ttest_rel`), computed as numpy and scipy compute them so that a p-value
 * matches theirs to the last digits that matter.
 */

/** Σ xs as numpy's pairwise summation adds float64s (blocks of 8, halves past 128). */
export function numpySum(xs: readonly number[], from = 0, to = xs.length): number {
  const n = to - from;
  if (n < 8) {
    let sum = 0;
    for (let i = from; i < to; i++) sum += xs[i]!;
    return sum;
  }
  if (n <= 128) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => xs[from + j]!);
    let i = from + 8;
    for (; i < to - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j]! += xs[i + j]!;
    let sum = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < to; i++) sum += xs[i]!;
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return numpySum(xs, from, from + half) + numpySum(xs, from + half, to);
}

/** numpy's mean: the pairwise sum over the count (NaN for none). */
export const numpyMean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : numpySum(xs) / xs.length);

/** ln Γ(x) for x > 0 (Lanczos, g = 7): about 15 significant digits. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // the fraction converges fast for x < (a + 1) / (a + b + 2); else by symmetry
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(1 - x, b, a);
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)) / a;
  const tiny = 1e-300;
  let f = 1;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < tiny ? tiny : d;
  d = 1 / d;
  f = d;
  for (let m = 1; m <= 10_000; m++) {
    for (const numerator of [
      (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)),
      -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1)),
    ]) {
      d = 1 + numerator * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + numerator / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-16) break;
  }
  return front * f;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom (±∞ give 1 and 0; NaN gives NaN). */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t < 0 ? tail : 1 - tail;
}

/**
 * scipy's `ttest_1samp(xs, mean, alternative="less").pvalue`: t = (x̄ − mean) / (s / √n) with the
 * sample deviation s, then P(T ≤ t) on n − 1 degrees of freedom. As scipy: NaN for one value (no
 * deviation) or for values all equal to `mean` (0 / 0); values all equal but not to `mean` give
 * t = ±∞, so p = 0 or 1.
 */
export function tTestLessPValue(xs: readonly number[], mean: number): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const xbar = numpyMean(xs);
  const variance = numpySum(xs.map((x) => (x - xbar) * (x - xbar))) / (n - 1);
  const t = (xbar - mean) / Math.sqrt(variance / n);
  return studentTCdf(t, n - 1);
}
