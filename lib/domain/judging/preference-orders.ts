import type { PREFERENCE_VALUES } from "../scales";
import { wilsonInterval } from "../preferences/aggregate";

export type PreferenceValue = (typeof PREFERENCE_VALUES)[number];

/** A choice read back to the answers' first order: the judge who saw them swapped and chose "a" chose B. */
const unswap = (value: PreferenceValue): PreferenceValue => (value === "a" ? "b" : value === "b" ? "a" : "none");

/**
 * A preference judged both ways: `shown` with the answers as A and B, `swapped` with them as B and
 * A. Both orders agreeing give the label; disagreeing ones are position-inconsistent: stored as
 * such, counted, and left out of agreement.
 */
export function combineOrders(
  shown: PreferenceValue,
  swapped: PreferenceValue,
): { value: PreferenceValue } | { inconsistent: true } {
  return unswap(swapped) === shown ? { value: shown } : { inconsistent: true };
}

/** A preference judge's position consistency: of the pairs it judged both ways, how many it judged the same. */
export type PositionConsistency = {
  /** Pairs whose two orders both gave a choice. */
  pairs: number;
  /** Of them, those whose orders disagree once read back to one order (no label). */
  inconsistent: number;
  /** The consistent share, with Wilson's 95% interval; null without pairs. */
  share: number | null;
  low: number | null;
  high: number | null;
};

/** Position consistency over pairs judged both ways (each `shown` A/B and `swapped` B/A), by combineOrders. */
export function positionConsistency(
  orders: readonly { shown: PreferenceValue; swapped: PreferenceValue }[],
): PositionConsistency {
  const inconsistent = orders.filter((o) => "inconsistent" in combineOrders(o.shown, o.swapped)).length;
  const consistent = orders.length - inconsistent;
  const interval = wilsonInterval(consistent, orders.length);
  return {
    pairs: orders.length,
    inconsistent,
    share: orders.length ? consistent / orders.length : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}
