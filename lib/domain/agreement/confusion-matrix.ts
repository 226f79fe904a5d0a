import type { PairedCodes } from "./statistic";

/** counts[i][j] = items judge A put in category i and judge B in category j. */
export function confusionMatrix({ a, b, categories }: PairedCodes): number[][] {
  const counts = Array.from({ length: categories }, () => new Array<number>(categories).fill(0));
  for (let i = 0; i < a.length; i++) counts[a[i]!]![b[i]!]!++;
  return counts;
}

/** Row and column totals of a confusion matrix (each judge's label distribution). */
export function marginals(counts: readonly (readonly number[])[]): {
  rows: number[];
  columns: number[];
  total: number;
} {
  const rows = counts.map((r) => r.reduce((s, v) => s + v, 0));
  const columns = counts[0]?.map((_, j) => counts.reduce((s, r) => s + r[j]!, 0)) ?? [];
  return { rows, columns, total: rows.reduce((s, v) => s + v, 0) };
}
