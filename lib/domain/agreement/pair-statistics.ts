import { bootstrapGroups, type BootstrapOptions, type StatisticWithInterval } from "./bootstrap";
import { codeLabelPairs, type LabelPair } from "./code-label-pairs";
import { confusionMatrix, marginals } from "./confusion-matrix";
import { weightedKappaFromCounts } from "./kappa";
import { alphaFromCoincidences } from "./krippendorff-alpha";
import { defined, undefinedBecause, type PairedCodes, type Statistic } from "./statistic";
import type { StatisticName } from "./statistic-names";

export const PAIR_STATISTICS = [
  "percent-agreement",
  "cohen-kappa",
  "weighted-kappa-linear",
  "weighted-kappa-quadratic",
  "krippendorff-alpha-nominal",
  "krippendorff-alpha-ordinal",
] as const satisfies readonly StatisticName[];
export type PairStatistic = (typeof PAIR_STATISTICS)[number];

/**
 * Every two-judge statistic from the confusion matrix alone: the kappas by their definitions, and
 * Krippendorff's alpha through the coincidences o_ck = counts[c][k] + counts[k][c] (two coders,
 * no missing values, m_u - 1 = 1). Ordinal and weighted statistics assume ordered categories.
 */
export function statisticsFromCounts(
  counts: readonly (readonly number[])[],
  ordered: boolean,
): Record<PairStatistic, Statistic> {
  const k = counts.length;
  const n = marginals(counts).total;
  const none = undefinedBecause("no items labelled by both sources");
  const unordered = undefinedBecause("the categories have no order");
  if (n === 0) return Object.fromEntries(PAIR_STATISTICS.map((s) => [s, none])) as Record<PairStatistic, Statistic>;
  let agree = 0;
  for (let i = 0; i < k; i++) agree += counts[i]![i]!;
  const coincidences = counts.map((row, i) => row.map((v, j) => v + counts[j]![i]!));
  return {
    "percent-agreement": defined(agree / n),
    "cohen-kappa": weightedKappaFromCounts(counts, "none"),
    "weighted-kappa-linear": ordered ? weightedKappaFromCounts(counts, "linear") : unordered,
    "weighted-kappa-quadratic": ordered ? weightedKappaFromCounts(counts, "quadratic") : unordered,
    "krippendorff-alpha-nominal": alphaFromCoincidences(coincidences, "nominal"),
    "krippendorff-alpha-ordinal": ordered ? alphaFromCoincidences(coincidences, "ordinal") : unordered,
  };
}

/**
 * Each statistic with a seeded percentile bootstrap interval over the items (see bootstrapGroups:
 * the items of one confusion-matrix cell are identical, so a resample draws each cell's count).
 */
export function pairStatisticsWithIntervals(
  pairs: PairedCodes,
  ordered: boolean,
  bootstrap: BootstrapOptions = {},
): Record<PairStatistic, StatisticWithInterval> {
  const k = pairs.categories;
  const cells = confusionMatrix(pairs).flat();
  const matrix = (weights: readonly number[]) => Array.from({ length: k }, (_, i) => weights.slice(i * k, i * k + k));
  return bootstrapGroups(
    PAIR_STATISTICS,
    cells,
    (weights) => statisticsFromCounts(matrix(weights), ordered),
    bootstrap,
  );
}

/** Two sources' agreement on a set of label pairs in brief: how many, on what, the raw agreement and Cohen's κ with its interval. */
export type PairAgreement = {
  items: number;
  comparedOn: string;
  agreement: number | null;
  kappa: StatisticWithInterval;
};

export function pairAgreement(pairs: readonly LabelPair[], bootstrap: BootstrapOptions): PairAgreement {
  const coded = codeLabelPairs(pairs);
  const s = pairStatisticsWithIntervals(
    { a: coded.a, b: coded.b, categories: coded.categories.length },
    coded.ordered,
    bootstrap,
  );
  return {
    items: coded.a.length,
    comparedOn: coded.comparedOn,
    agreement: s["percent-agreement"].value,
    kappa: s["cohen-kappa"],
  };
}
