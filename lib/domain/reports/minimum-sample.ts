/**
 * How many units a report's interval needs before it is shown (docs/DOMAIN.md, "Minimum samples").
 * A normal-approximation or PPI interval, and a verdict drawn from one ("the order holds"), rests
 * on the mean of the units being close to normal: below 30 units it is withheld, with how many
 * more labels would allow it. A percentile bootstrap needs fewer, 20 units; a Wilson interval is
 * shown at any n, with n beside it.
 */
export const MIN_NORMAL_UNITS = 30;
export const MIN_BOOTSTRAP_UNITS = 20;

/** The units an interval counts, in words ("pair", "question"). */
export type Unit = "pair" | "question" | "item";

const units = (n: number, unit: Unit) => `${n.toLocaleString("en")} ${unit}${n === 1 ? "" : "s"}`;

/**
 * Why an interval over `n` units is withheld ("12 pairs labelled by people: an interval needs at
 * least 30, so 18 more"), or null when `n` reaches `minimum`. `labelled` says how the units count
 * ("" for none: "4 items: an interval needs at least 20, so 16 more").
 */
export function tooFewUnits(n: number, minimum: number, unit: Unit, labelled: string): string | null {
  if (n >= minimum) return null;
  const counted = labelled ? `${units(n, unit)} ${labelled}` : units(n, unit);
  return `${counted}: an interval needs at least ${minimum.toLocaleString("en")}, so ${(minimum - n).toLocaleString("en")} more`;
}
