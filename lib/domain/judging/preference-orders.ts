import type { PREFERENCE_VALUES } from "../scales";

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
