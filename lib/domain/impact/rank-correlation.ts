/** Correlations between two scorings of the same systems (x[i] and y[i] score system i). */

/**
 * Kendall's tau-b: (concordant - discordant) / sqrt((n0 - ties in x) (n0 - ties in y)),
 * n0 = n(n - 1) / 2; null when either scoring is all ties.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const n0 = (x.length * (x.length - 1)) / 2;
  const denominator = Math.sqrt((n0 - tiesX) * (n0 - tiesY));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}

/** Ranks 1..n of the values, ascending, tied values sharing the average of their ranks (scipy's rankdata "average"). */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++;
    const rank = (start + 1 + end) / 2; // the mean of ranks start+1 .. end
    for (let i = start; i < end; i++) ranks[order[i]!] = rank;
    start = end;
  }
  return ranks;
}

/**
 * Spearman's rho as scipy.stats.spearmanr computes it: Pearson's correlation of the average ranks;
 * null when either scoring is all ties (or there are fewer than two systems).
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): number | null {
  if (x.length < 2) return null;
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const [mx, my] = [mean(rx), mean(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    const [dx, dy] = [rx[i]! - mx, ry[i]! - my];
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** The pairs of systems two scorings order differently (a tie under either is no swap), each in `names`' order. */
export function swappedPairs(names: readonly string[], x: readonly number[], y: readonly number[]): [string, string][] {
  const swaps: [string, string][] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx !== 0 && dy !== 0 && dx !== dy) swaps.push([names[i]!, names[j]!]);
    }
  }
  return swaps;
}
