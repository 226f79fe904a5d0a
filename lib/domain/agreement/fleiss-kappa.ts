import { chanceCorrected, undefinedBecause, type Statistic } from "./statistic";

/**
 * Fleiss' kappa for N items each rated by the same number r of raters (Fleiss 1971):
 * P_i = (Σ_j n_ij² - r) / (r(r - 1)), P̄ = mean P_i, p_j = Σ_i n_ij / (N r), P̄e = Σ_j p_j²,
 * κ = (P̄ - P̄e) / (1 - P̄e). counts[i][j] = raters who put item i in category j; item i counts
 * weights[i] times (default once), which is how the bootstrap resamples items.
 */
export function fleissKappa(counts: readonly (readonly number[])[], weights?: ArrayLike<number>): Statistic {
  const weight = (i: number) => (weights ? weights[i]! : 1);
  const first = counts.findIndex((_, i) => weight(i) > 0);
  if (first < 0) return undefinedBecause("no items");
  const r = counts[first]!.reduce((s, v) => s + v, 0);
  if (r < 2) return undefinedBecause("each item needs at least two ratings");
  const k = counts[first]!.length;
  const totals = new Array<number>(k).fill(0);
  let pBar = 0;
  let n = 0;
  for (const [i, row] of counts.entries()) {
    const w = weight(i);
    if (w === 0) continue;
    const raters = row.reduce((s, v) => s + v, 0);
    if (raters !== r)
      return undefinedBecause(
        `item ${i + 1} has ${raters} ratings, the first has ${r}: Fleiss' kappa needs the same number on every item`,
      );
    let squares = 0;
    for (let j = 0; j < k; j++) {
      squares += row[j]! * row[j]!;
      totals[j]! += w * row[j]!;
    }
    pBar += (w * (squares - r)) / (r * (r - 1));
    n += w;
  }
  pBar /= n;
  const pe = totals.reduce((s, t) => s + (t / (n * r)) ** 2, 0);
  return chanceCorrected(pBar, pe);
}
