const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The number text[from, to) spells, as Number() reads it. Plain decimals of at most 15 digits
 * ("-12.3456") are read digit by digit: the digits as an exact integer divided by an exact power of
 * ten is one correctly rounded division, so the same double Number() gives (Clinger's fast path),
 * without building a string; anything else goes through Number().
 */
export function decimalAt(text: string, from: number, to: number): number {
  let i = from;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let mantissa = 0;
  let fraction = -1;
  for (; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (code === 46 && fraction < 0) fraction = 0;
    else return Number(text.slice(from, to));
  }
  if (digits === 0 || digits > 15) return Number(text.slice(from, to));
  const value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
  return negative ? -value : value;
}
