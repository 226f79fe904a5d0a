import { seededRandom } from "../random";
import { withIntervals, type StatisticWithInterval } from "./bootstrap";
import { fleissKappa } from "./fleiss-kappa";
import { alphaFromCoincidences, coincidencesFromCounts } from "./krippendorff-alpha";
import { defined, undefinedBecause, type Statistic } from "./statistic";

export const MULTI_RATER_STATISTICS = [
  "pairwise-agreement", "fleiss-kappa", "krippendorff-alpha-nominal", "krippendorff-alpha-ordinal", "krippendorff-alpha-interval",
] as const;
export type MultiRaterStatistic = (typeof MULTI_RATER_STATISTICS)[number];

/**
 * Agreement among any number of raters from each item's category counts (counts[i][c] = raters who
 * put item i in category c; items with fewer than two ratings cannot be paired and are ignored),
 * item i counted weights[i] times (default once).
 * - pairwise agreement: the share of agreeing pairs among all pairs of ratings of the same item;
 * - Fleiss' kappa: needs the same number of ratings on every paired item;
 * - Krippendorff's alpha from the coincidence matrix (ordinal and interval on ordered categories,
 *   interval with the categories' `values`, default 0, 1, 2, ...).
 */
export function multiRaterStatistics(
  counts: readonly (readonly number[])[],
  ordered: boolean,
  { weights, values }: { weights?: ArrayLike<number>; values?: readonly number[] } = {},
): Record<MultiRaterStatistic, Statistic> {
  const weight = (i: number) => (weights ? weights[i]! : 1);
  let agreeing = 0;
  let pairs = 0;
  const paired = new Array<number>(counts.length).fill(0);
  counts.forEach((row, i) => {
    const m = row.reduce((s, v) => s + v, 0);
    if (m < 2) return;
    paired[i] = weight(i);
    pairs += paired[i]! * m * (m - 1);
    for (const n of row) agreeing += paired[i]! * n * (n - 1);
  });
  if (pairs === 0) {
    const none = undefinedBecause("no item has two or more ratings");
    return Object.fromEntries(MULTI_RATER_STATISTICS.map((s) => [s, none])) as Record<MultiRaterStatistic, Statistic>;
  }
  const unordered = undefinedBecause("the categories have no order");
  const coincidences = coincidencesFromCounts(counts, paired);
  return {
    "pairwise-agreement": defined(agreeing / pairs),
    "fleiss-kappa": fleissKappa(counts, paired),
    "krippendorff-alpha-nominal": alphaFromCoincidences(coincidences, "nominal"),
    "krippendorff-alpha-ordinal": ordered ? alphaFromCoincidences(coincidences, "ordinal") : unordered,
    "krippendorff-alpha-interval": ordered ? alphaFromCoincidences(coincidences, "interval", values) : unordered,
  };
}

/**
 * Each multi-rater statistic with a seeded percentile bootstrap interval over items. Items with the
 * same counts are one pattern, so a resample costs one draw per item plus one pass over the patterns.
 */
export function multiRaterStatisticsWithIntervals(
  counts: readonly (readonly number[])[],
  ordered: boolean,
  { resamples = 200, level = 0.95, seed = 1, values }: { resamples?: number; level?: number; seed?: number; values?: readonly number[] } = {},
): Record<MultiRaterStatistic, StatisticWithInterval> {
  const patternOf = new Map<string, number>();
  const patterns: (readonly number[])[] = [];
  const items: number[] = [];
  for (const row of counts) {
    if (row.reduce((s, v) => s + v, 0) < 2) continue;
    const key = row.join(",");
    let p = patternOf.get(key);
    if (p === undefined) {
      p = patterns.push(row) - 1;
      patternOf.set(key, p);
    }
    items.push(p);
  }
  const point = multiRaterStatistics(counts, ordered, { values });
  const draws: Record<string, number[]> = Object.fromEntries(MULTI_RATER_STATISTICS.map((s) => [s, []]));
  if (items.length > 0) {
    const random = seededRandom(seed);
    const weights = new Float64Array(patterns.length);
    for (let r = 0; r < resamples; r++) {
      weights.fill(0);
      for (let i = 0; i < items.length; i++) weights[items[Math.floor(random() * items.length)]!]!++;
      const stats = multiRaterStatistics(patterns, ordered, { weights, values });
      for (const s of MULTI_RATER_STATISTICS) if (stats[s].value !== null) draws[s]!.push(stats[s].value!);
    }
  }
  return withIntervals(MULTI_RATER_STATISTICS, point, draws as Record<MultiRaterStatistic, number[]>, { resamples, level });
}
