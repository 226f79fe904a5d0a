import { STATISTIC_LABELS, type StatisticName } from "@/lib/domain/agreement/statistic-names";

/** A statistic's name for people ("Cohen's κ"); an unknown name as it is. */
export const statisticLabel = (metric: string) => STATISTIC_LABELS[metric as StatisticName] ?? metric;

export const fixed = (value: number | null, digits = 3) => (value === null ? "—" : value.toFixed(digits));
export const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `[${low.toFixed(3)}, ${high.toFixed(3)}]`;
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** A report's bootstrap as it states it (REPORT_BOOTSTRAP). */
type Bootstrap = { resamples: number; seed: number; level: number; minUnits: number };

/**
 * The one sentence a report gives on its bootstrap intervals: how they are drawn, over what, and
 * that none is drawn below `minUnits` (a statistic over fewer shows its value and "—"); `withheld`,
 * the reason its overall statistics have none, when they have none.
 */
export function bootstrapSentence(b: Bootstrap, of: string, withheld?: string): string {
  const drawn = `${Math.round(b.level * 100)}% intervals from ${b.resamples} bootstrap resamples of the ${of} (seed ${b.seed}), none over fewer than ${b.minUnits} ${of}`;
  return withheld ? `${drawn}; none here (${withheld}).` : `${drawn}.`;
}
