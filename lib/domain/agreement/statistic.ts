/** A statistic's value, or null with the reason it is undefined (never NaN). */
export type Statistic = { value: number; reason?: undefined } | { value: null; reason: string };

export const defined = (value: number): Statistic => ({ value });
export const undefinedBecause = (reason: string): Statistic => ({ value: null, reason });

/**
 * Two judges' labels of the same items, as category codes 0..categories-1 (a[i] and b[i] label
 * item i). Codes follow the scale's order where order matters.
 */
export type PairedCodes = { a: ArrayLike<number>; b: ArrayLike<number>; categories: number };

/** Ratio of chance-corrected agreement, (po - pe) / (1 - pe), or null when pe = 1. */
export function chanceCorrected(po: number, pe: number): Statistic {
  if (1 - pe <= 1e-12) return undefinedBecause("chance agreement is 1 (every label is the same category)");
  return defined((po - pe) / (1 - pe));
}
