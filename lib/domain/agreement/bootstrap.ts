import { poisson, seededRandom } from "../random";
import { tooFewUnits } from "../reports/minimum-sample";
import type { Statistic } from "./statistic";

/**
 * A statistic's point value (or null with a reason) and its bootstrap interval: null when the
 * statistic is undefined, or when the items are too few (`withheld` then says how many more).
 */
export type StatisticWithInterval = {
  value: number | null;
  reason?: string;
  low: number | null;
  high: number | null;
  withheld?: string;
};

/** `minUnits`: below this many items no interval is drawn (reports: MIN_BOOTSTRAP_UNITS; the CLI: none). */
export type BootstrapOptions = { resamples?: number; level?: number; seed?: number; minUnits?: number };

/**
 * Seeded percentile bootstrap intervals over items, for statistics that depend only on how many
 * items fall in each of a few groups (the cells of a confusion matrix, the patterns of ratings).
 * It is the Poisson bootstrap (Hanley & MacGibbon 2006): each item is drawn Poisson(1) times
 * instead of drawing exactly n items with replacement, so a group of n_g identical items is drawn
 * Poisson(n_g) times in all, and a resample costs one draw per group whatever the number of items.
 * `statistics(weights)` computes every statistic with group g counted weights[g] times.
 */
export function bootstrapGroups<K extends string>(
  names: readonly K[],
  groupSizes: readonly number[],
  statistics: (weights: readonly number[]) => Record<K, Statistic>,
  { resamples = 200, level = 0.95, seed = 1, minUnits = 0 }: BootstrapOptions = {},
): Record<K, StatisticWithInterval> {
  const point = statistics(groupSizes);
  const draws = Object.fromEntries(names.map((s) => [s, [] as number[]])) as Record<K, number[]>;
  const units = groupSizes.reduce((sum, n) => sum + n, 0);
  const withheld = units > 0 ? tooFewUnits(units, minUnits, "item", "") : null;
  if (units > 0 && !withheld) {
    const random = seededRandom(seed);
    const weights = new Array<number>(groupSizes.length);
    for (let r = 0; r < resamples; r++) {
      for (let g = 0; g < groupSizes.length; g++) weights[g] = poisson(groupSizes[g]!, random);
      const stats = statistics(weights);
      for (const s of names) if (stats[s].value !== null) draws[s].push(stats[s].value!);
    }
  }
  return Object.fromEntries(
    names.map((s) => {
      const bounds = percentileBounds(draws[s], resamples, level);
      return [
        s,
        {
          value: point[s].value,
          ...(point[s].reason ? { reason: point[s].reason } : {}),
          low: bounds?.low ?? null,
          high: bounds?.high ?? null,
          ...(withheld && point[s].value !== null ? { withheld } : {}),
        },
      ];
    }),
  ) as Record<K, StatisticWithInterval>;
}

/**
 * The (1-level)/2 and (1+level)/2 quantiles (nearest rank) of the defined results of `resamples`
 * bootstrap draws; null when fewer than half of them were defined.
 */
function percentileBounds(defined: number[], resamples: number, level: number): { low: number; high: number } | null {
  if (defined.length === 0 || defined.length < resamples / 2) return null;
  const sorted = defined.toSorted((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
  return { low: at((1 - level) / 2), high: at((1 + level) / 2) };
}
