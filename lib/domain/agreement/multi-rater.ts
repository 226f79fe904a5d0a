import { bootstrapGroups, type BootstrapOptions, type StatisticWithInterval } from "./bootstrap";
import { fleissKappa } from "./fleiss-kappa";
import { alphaFromCoincidences, coincidencesFromCounts } from "./krippendorff-alpha";
import { defined, undefinedBecause, type Statistic } from "./statistic";
import type { StatisticName } from "./statistic-names";

export const MULTI_RATER_STATISTICS = [
  "pairwise-agreement",
  "fleiss-kappa",
  "krippendorff-alpha-nominal",
  "krippendorff-alpha-ordinal",
  "krippendorff-alpha-interval",
] as const satisfies readonly StatisticName[];
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
 * Each multi-rater statistic with a seeded percentile bootstrap interval over items (row i of
 * `counts` standing for weights[i] items, default 1). Items with the same counts are identical,
 * so the bootstrap draws how often each distinct row occurs (see bootstrapGroups).
 */
export function multiRaterStatisticsWithIntervals(
  counts: readonly (readonly number[])[],
  ordered: boolean,
  {
    values,
    weights,
    ...bootstrap
  }: BootstrapOptions & { values?: readonly number[]; weights?: ArrayLike<number> } = {},
): Record<MultiRaterStatistic, StatisticWithInterval> {
  const patternOf = new Map<string, number>();
  const patterns: (readonly number[])[] = [];
  const sizes: number[] = [];
  for (const [i, row] of counts.entries()) {
    if (row.reduce((s, v) => s + v, 0) < 2) continue;
    const key = row.join(",");
    let p = patternOf.get(key);
    if (p === undefined) {
      p = patterns.push(row) - 1;
      patternOf.set(key, p);
      sizes.push(0);
    }
    sizes[p]! += weights ? weights[i]! : 1;
  }
  const results = bootstrapGroups(
    MULTI_RATER_STATISTICS,
    sizes,
    (w) => multiRaterStatistics(patterns, ordered, { weights: w, values }),
    bootstrap,
  );
  // The same values from the rows as given, so that a reason ("item 3 has ...") numbers the caller's rows, not the patterns.
  const point = multiRaterStatistics(counts, ordered, { values, weights });
  for (const s of MULTI_RATER_STATISTICS)
    results[s] = { ...results[s], value: point[s].value, reason: point[s].reason };
  return results;
}
