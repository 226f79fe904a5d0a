/**
 * Every agreement statistic Assay computes, by the one name the reports, their CSVs and the CLI
 * use. The lists of what each computation offers (PAIR_STATISTICS, MULTI_RATER_STATISTICS, the
 * CLI's AGREEMENT_METRICS) are checked against it, so a name cannot drift.
 */
export const STATISTIC_NAMES = [
  "percent-agreement",
  "pairwise-agreement",
  "cohen-kappa",
  "weighted-kappa-linear",
  "weighted-kappa-quadratic",
  "fleiss-kappa",
  "krippendorff-alpha-nominal",
  "krippendorff-alpha-ordinal",
  "krippendorff-alpha-interval",
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];
