import type { PairCount } from "./pair-count";

const text = (v: string | null) => v ?? "";
const key = (r: PairCount) => [text(r.group), r.a.scale, r.a.value, r.b.scale, r.b.value].join("\u0000");

/**
 * Pair counts in an order of their own (group, then A's and B's scale and value), not the order
 * the database gave them in: the bootstrap draws its resamples row by row, so only then are a
 * study's intervals the same on every engine and after a move.
 */
export function inCanonicalOrder<R extends PairCount>(rows: readonly R[]): R[] {
  return [...rows].sort((x, y) => {
    const [a, b] = [key(x), key(y)];
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
