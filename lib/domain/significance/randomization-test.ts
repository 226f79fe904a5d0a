import { seededRandom } from "../random";

/**
 * The two-sided randomization (sign-flip) test of paired per-question differences d, for a family of
 * runs at once (docs/DOMAIN.md, "Paired significance"): p is the share of sign assignments s with
 * |Σ s·d| ≥ |Σ d| − 1e-9. Exact over all 2^n assignments when there are at most 20 questions;
 * otherwise over `permutations` seeded random assignments, the same draws for every pair.
 */

export const EXACT_UP_TO = 20;
const TOLERANCE = 1e-9;

export type RandomizationOptions = { permutations: number; seed: number };
export const RANDOMIZATION_DEFAULTS: RandomizationOptions = { permutations: 100_000, seed: 1 };

/**
 * Each pair's p-value, runs given as their per-question values (values[r][q], every run over the
 * same questions), and whether they are exact.
 */
export function randomizationPValues(
  values: readonly Float64Array[],
  pairs: readonly (readonly [number, number])[],
  options: RandomizationOptions = RANDOMIZATION_DEFAULTS,
): { pValues: number[]; exact: boolean } {
  const n = values[0]?.length ?? 0;
  const observed = pairs.map(([a, b]) => {
    let sum = 0;
    for (let q = 0; q < n; q++) sum += values[a]![q]! - values[b]![q]!;
    return Math.abs(sum) - TOLERANCE;
  });
  if (n <= EXACT_UP_TO)
    return {
      pValues: pairs.map(([a, b], i) => exactPValue(differences(values[a]!, values[b]!), observed[i]!)),
      exact: true,
    };
  return { pValues: monteCarloPValues(values, pairs, observed, options), exact: false };
}

const differences = (a: Float64Array, b: Float64Array) => Float64Array.from(a, (x, q) => x - b[q]!);

/**
 * The share of the 2^n sign assignments at least as extreme as the observed sum (`threshold`, |Σ d|
 * less the tolerance), counted by meeting in the middle: the sums of every assignment of each half,
 * one half sorted, so each assignment of the other half counts its partners by two binary searches.
 */
function exactPValue(d: Float64Array, threshold: number): number {
  if (threshold <= 0) return 1; // every assignment is as extreme (Σ d is 0)
  const half = d.length >> 1;
  const left = subsetSums(d.subarray(0, half));
  const right = subsetSums(d.subarray(half)).sort();
  let count = 0;
  for (const x of left) count += right.length - lowerBound(right, threshold - x) + upperBound(right, -threshold - x);
  return count / 2 ** d.length;
}

/** Σ s·d for every sign assignment s of d (2^|d| sums). */
function subsetSums(d: Float64Array): Float64Array {
  const sums = new Float64Array(2 ** d.length);
  let size = 1;
  for (const x of d) {
    for (let i = 0; i < size; i++) {
      sums[i + size] = sums[i]! - x;
      sums[i] = sums[i]! + x;
    }
    size *= 2;
  }
  return sums;
}

/** The first index whose value is ≥ v. */
function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many values are ≤ v. */
function upperBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The share of `permutations` seeded sign assignments at least as extreme, for every pair from the
 * same draws: a draw signs each run's values once (S_r = Σ s·x_r), and a pair's Σ s·d is S_a − S_b.
 * Each question's sign is a bit of the seeded generator's output (mulberry32, 32 bits a call: bit
 * k of the call for questions q..q+31 signs question q + k, + when set). S_r is read a byte at a
 * time: for each run and block of 8 questions, the signed sums of all 256 sign patterns are
 * tabled once, so a draw costs one lookup per 8 questions instead of 8 multiply-adds.
 */
function monteCarloPValues(
  values: readonly Float64Array[],
  pairs: readonly (readonly [number, number])[],
  observed: readonly number[],
  { permutations, seed }: RandomizationOptions,
): number[] {
  const random = seededRandom(seed);
  const n = values[0]!.length;
  const blocks = Math.ceil(n / 8);
  const words = Math.ceil(n / 32);
  const tables = values.map((x) => signedSumTables(x, blocks));
  const draw = new Uint32Array(words);
  const signed = new Float64Array(values.length);
  const counts = new Float64Array(pairs.length);
  for (let d = 0; d < permutations; d++) {
    for (let w = 0; w < words; w++) draw[w] = Math.floor(random() * 4294967296);
    for (let r = 0; r < values.length; r++) {
      const table = tables[r]!;
      let sum = 0;
      for (let b = 0; b < blocks; b++) sum += table[b * 256 + ((draw[b >> 2]! >>> ((b & 3) * 8)) & 255)]!;
      signed[r] = sum;
    }
    for (let i = 0; i < pairs.length; i++)
      if (Math.abs(signed[pairs[i]![0]]! - signed[pairs[i]![1]]!) >= observed[i]!) counts[i]!++;
  }
  return Array.from(counts, (c) => c / permutations);
}

/** For each block of 8 values, Σ ±x over the block for each of the 256 sign patterns (bit i set: + on the block's i-th value; past the end, 0). */
function signedSumTables(x: Float64Array, blocks: number): Float64Array {
  const tables = new Float64Array(blocks * 256);
  for (let b = 0; b < blocks; b++)
    for (let pattern = 0; pattern < 256; pattern++) {
      let sum = 0;
      for (let i = 0; i < 8; i++) {
        const v = x[b * 8 + i] ?? 0;
        sum += (pattern >>> i) & 1 ? v : -v;
      }
      tables[b * 256 + pattern] = sum;
    }
  return tables;
}
