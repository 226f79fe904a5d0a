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
  if (values.length < resamples / 2) return null;
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.round(q * (values.length - 1))))]!;
  return { low: at((1 - level) / 2), high: at((1 + level) / 2), level, resamples };
}
