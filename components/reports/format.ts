export const STATISTIC_NAMES: Record<string, string> = {
  "percent-agreement": "Percent agreement",
  "cohen-kappa": "Cohen's κ",
  "weighted-kappa-linear": "Weighted κ (linear)",
  "weighted-kappa-quadratic": "Weighted κ (quadratic)",
  "krippendorff-alpha-nominal": "Krippendorff's α (nominal)",
  "krippendorff-alpha-ordinal": "Krippendorff's α (ordinal)",
  "krippendorff-alpha-interval": "Krippendorff's α (interval)",
  "pairwise-agreement": "Pairwise agreement",
  "fleiss-kappa": "Fleiss' κ",
};

export const fixed = (value: number | null, digits = 3) => (value === null ? "—" : value.toFixed(digits));
export const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `[${low.toFixed(3)}, ${high.toFixed(3)}]`;
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
