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

/** Each statistic's name for people. */
export const STATISTIC_LABELS: Record<StatisticName, string> = {
  "percent-agreement": "Percent agreement",
  "pairwise-agreement": "Pairwise agreement",
  "cohen-kappa": "Cohen's κ",
  "weighted-kappa-linear": "Weighted κ (linear)",
  "weighted-kappa-quadratic": "Weighted κ (quadratic)",
  "fleiss-kappa": "Fleiss' κ",
  "krippendorff-alpha-nominal": "Krippendorff's α (nominal)",
  "krippendorff-alpha-ordinal": "Krippendorff's α (ordinal)",
  "krippendorff-alpha-interval": "Krippendorff's α (interval)",
};
