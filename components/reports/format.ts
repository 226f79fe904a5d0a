import { STATISTIC_LABELS, type StatisticName } from "@/lib/domain/agreement/statistic-names";

/** A statistic's name for people ("Cohen's κ"); an unknown name as it is. */
export const statisticLabel = (metric: string) => STATISTIC_LABELS[metric as StatisticName] ?? metric;

export const fixed = (value: number | null, digits = 3) => (value === null ? "—" : value.toFixed(digits));
export const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `[${low.toFixed(3)}, ${high.toFixed(3)}]`;
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
