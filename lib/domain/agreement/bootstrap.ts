import { seededRandom } from "../random";
import type { Statistic } from "./statistic";

export type Interval = { low: number; high: number; level: number; resamples: number } | null;

/**
 * Percentile bootstrap interval over items: `resamples` times, draw `items` item indices with
 * replacement (seeded), compute the statistic on them, and take the (1-level)/2 and (1+level)/2
 * quantiles of the defined results. null when fewer than half of the resamples are defined.
 */
export function bootstrapInterval(
  items: number,
  statistic: (sample: Int32Array) => Statistic,
  { resamples = 1000, level = 0.95, seed = 1 }: { resamples?: number; level?: number; seed?: number } = {},
): Interval {
  if (items === 0) return null;
  const random = seededRandom(seed);
  const values: number[] = [];
  const sample = new Int32Array(items);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < items; i++) sample[i] = Math.floor(random() * items);
    const result = statistic(sample).value;
    if (result !== null) values.push(result);
  }
  const bounds = percentileBounds(values, resamples, level);
  return bounds && { ...bounds, level, resamples };
}

/**
 * The (1-level)/2 and (1+level)/2 quantiles (nearest rank) of the defined results of `resamples`
 * bootstrap draws; null when fewer than half of them were defined.
 */
export function percentileBounds(defined: number[], resamples: number, level: number): { low: number; high: number } | null {
  if (defined.length === 0 || defined.length < resamples / 2) return null;
  const sorted = defined.toSorted((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
  return { low: at((1 - level) / 2), high: at((1 + level) / 2) };
}

/** A statistic's point value (or null with a reason) and its bootstrap interval (null when undefined). */
export type StatisticWithInterval = { value: number | null; reason?: string; low: number | null; high: number | null };

/** Each named statistic's point value beside the percentile interval of its bootstrap draws. */
export function withIntervals<K extends string>(
  names: readonly K[],
  point: Record<K, Statistic>,
  draws: Record<K, number[]>,
  { resamples, level }: { resamples: number; level: number },
): Record<K, StatisticWithInterval> {
  return Object.fromEntries(
    names.map((s) => {
      const bounds = percentileBounds(draws[s], resamples, level);
      return [s, { value: point[s].value, ...(point[s].reason ? { reason: point[s].reason } : {}), low: bounds?.low ?? null, high: bounds?.high ?? null }];
    }),
  ) as Record<K, StatisticWithInterval>;
}
