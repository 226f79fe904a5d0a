import { inputError } from "./commands/contract-input";

/**
 * One strict reading of every numeric option of the command line: decimal digits as a person
 * writes them, nothing JavaScript's Number() would also take (1e3, 0x10, " 3", "" for 0), and the
 * same message everywhere. A value out of range is refused with the range; a refusal exits 2.
 */
const WHOLE = /^-?[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/** A whole number from `min` to `max`. */
export function wholeOption(name: string, text: string, { min = 0, max = 2_147_483_647 } = {}): number {
  const value = WHOLE.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max))
    throw inputError(`--${name} must be a whole number from ${min} to ${max}, in decimal digits (not "${text}")`);
  return value;
}

/** An id: a whole number from 1. */
export function idOption(name: string, text: string, what: string): number {
  if (!WHOLE.test(text) || !(Number(text) >= 1 && Number(text) <= 2_147_483_647))
    throw inputError(`--${name} must be ${what}'s id: a whole number from 1, in decimal digits (not "${text}")`);
  return Number(text);
}

/** A number from `min` to `max` (decimals with a point, as `example`). */
export function decimalOption(
  name: string,
  text: string,
  { min, max, example }: { min: number; max: number; example: string },
): number {
  const value = isDecimal(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max))
    throw inputError(`--${name} must be a number from ${min} to ${max}, such as ${example} (not "${text}")`);
  return value;
}

/** Whether a text is a number in decimal digits, with a point for its decimals. */
export const isDecimal = (text: string) => DECIMAL.test(text);
