/**
 * The mean of doubles as Python's `statistics.mean` gives it: the exact sum of the values (no
 * rounding on the way), divided by their count, rounded once to the nearest double (ties to even).
 * A naive running sum can differ from it in the last bits; nuggetizer's scores are such means.
 */
export function exactMean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("the mean of no values");
  let sum = 0n; // in units of 2^-1074, the smallest subnormal: every double is a whole number of them
  for (const v of values) {
    if (!Number.isFinite(v)) return values.reduce((a, b) => a + b, 0) / values.length; // NaN or ±Infinity, as Python
    sum += unitsOf(v);
  }
  return toDouble(sum, BigInt(values.length) << 1074n);
}

/** A finite double as an exact multiple of 2^-1074. */
function unitsOf(v: number): bigint {
  if (v === 0) return 0n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  // a normal double is (2^52 + fraction) x 2^(exponent - 1075); a subnormal is fraction x 2^-1074
  const units = exponent === 0 ? fraction : (fraction | (1n << 52n)) << BigInt(exponent - 1);
  return negative ? -units : units;
}

const bitLength = (n: bigint) => n.toString(2).length;

/** p / q (q > 0) rounded to the nearest double, ties to even. */
function toDouble(p: bigint, q: bigint): number {
  if (p === 0n) return 0;
  if (p < 0n) return -toDouble(-p, q);
  // find k with 2^52 <= p * 2^k / q < 2^53, never past the subnormals' 2^-1074
  let k = 53 - (bitLength(p) - bitLength(q));
  const quotient = (shift: number) => (shift >= 0 ? (p << BigInt(shift)) / q : p / (q << BigInt(-shift)));
  while (quotient(k) >= 1n << 53n) k--;
  while (k < 1074 && quotient(k) < 1n << 52n) k++;
  k = Math.min(k, 1074);
  const numerator = k >= 0 ? p << BigInt(k) : p;
  const denominator = k >= 0 ? q : q << BigInt(-k);
  let whole = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && (whole & 1n) === 1n)) whole += 1n;
  return Number(whole) * 2 ** -k;
}
