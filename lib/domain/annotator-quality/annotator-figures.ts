import { bootstrapGroups, type StatisticWithInterval } from "../agreement/bootstrap";
import { weightedKappaFromCounts } from "../agreement/kappa";
import { REPORT_BOOTSTRAP } from "../agreement/report-bootstrap";
import { undefinedBecause } from "../agreement/statistic";
import { wilsonInterval } from "../preferences/aggregate";

/** One annotator's label as the quality figures read it: the item, the level, and the seconds it was on screen. */
export type QualityLabel = { annotator: string; item: string; level: string; seconds: number };

/** Agreement with a reference label set on the items both labelled. */
export type ReferenceAgreement = {
  items: number;
  /** The share of those items with the same level, with Wilson's 95% interval (null without items). */
  accuracy: number | null;
  interval: { low: number; high: number } | null;
  /** Cohen's kappa with its 95% percentile bootstrap interval (REPORT_BOOTSTRAP: 200 seeded Poisson resamples of the items; none below 20 items). */
  kappa: StatisticWithInterval;
};

/** One annotator's figures in a campaign (docs/DOMAIN.md, "Annotator quality"). */
export type AnnotatorFigures = {
  annotator: string;
  labels: number;
  skips: number;
  /** Seconds per item: the median and the 90th percentile (linear between ranks, as numpy's default); null without labels. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** The share of their labels at each level of the scale. */
  levels: Record<string, number>;
  /** Their longest run of one level, in the order they labelled. */
  longestRun: { level: string; length: number } | null;
  /**
   * Drift: how far their level shares moved from the first half of their labels to the second (in
   * the order they labelled; an odd middle label in the second half), as the total variation
   * distance, half the sum of the shares' absolute differences (0: the same shares; 1: no level in
   * common); null under two labels.
   */
  drift: number | null;
};

/** The q-quantile of values (0 ≤ q ≤ 1), linear between order statistics; null without values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = q * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The share of the levels at each level of the scale (all 0 without levels). */
export const levelShares = (levels: readonly string[], scale: readonly string[]): Record<string, number> =>
  Object.fromEntries(
    scale.map((l) => [l, levels.length === 0 ? 0 : levels.filter((x) => x === l).length / levels.length]),
  );

/**
 * Each annotator's figures from their labels in the order they gave them, their skips, and the
 * scale's levels (lowest first). Annotators are listed in the order of their first label, then those
 * who only skipped.
 */
export function annotatorFigures(
  labels: readonly QualityLabel[],
  skips: ReadonlyMap<string, number>,
  scale: readonly string[],
): AnnotatorFigures[] {
  const byAnnotator = new Map<string, QualityLabel[]>();
  for (const l of labels) (byAnnotator.get(l.annotator) ?? byAnnotator.set(l.annotator, []).get(l.annotator)!).push(l);
  for (const a of skips.keys()) if (!byAnnotator.has(a)) byAnnotator.set(a, []);
  return [...byAnnotator.entries()].map(([annotator, mine]) => {
    const levels = mine.map((l) => l.level);
    const seconds = mine.map((l) => l.seconds);
    const half = Math.floor(levels.length / 2);
    const first = levelShares(levels.slice(0, half), scale);
    const second = levelShares(levels.slice(half), scale);
    return {
      annotator,
      labels: mine.length,
      skips: skips.get(annotator) ?? 0,
      medianSeconds: quantile(seconds, 0.5),
      p90Seconds: quantile(seconds, 0.9),
      levels: levelShares(levels, scale),
      longestRun: longestRun(levels),
      drift: levels.length < 2 ? null : scale.reduce((s, l) => s + Math.abs(first[l]! - second[l]!), 0) / 2,
    };
  });
}

function longestRun(levels: readonly string[]): { level: string; length: number } | null {
  let best: { level: string; length: number } | null = null;
  let length = 0;
  levels.forEach((level, i) => {
    length = i > 0 && levels[i - 1] === level ? length + 1 : 1;
    if (!best || length > best.length) best = { level, length };
  });
  return best;
}

/**
 * An annotator's agreement with a reference (gold items, the adjudicated set, an LLM) on the items
 * both labelled: the share of equal levels with Wilson's interval, and Cohen's kappa over the scale
 * with its bootstrap interval (the items resampled by confusion cell, as the agreement reports do).
 */
export function referenceAgreement(
  mine: ReadonlyMap<string, string>,
  reference: ReadonlyMap<string, string>,
  scale: readonly string[],
): ReferenceAgreement {
  const code = new Map(scale.map((l, i) => [l, i]));
  const a: number[] = [];
  const b: number[] = [];
  for (const [item, level] of mine) {
    const other = reference.get(item);
    if (other === undefined || !code.has(level) || !code.has(other)) continue;
    a.push(code.get(level)!);
    b.push(code.get(other)!);
  }
  const same = a.filter((x, i) => x === b[i]).length;
  const k = scale.length;
  const cells = new Array<number>(k * k).fill(0);
  a.forEach((x, i) => cells[x * k + b[i]!]!++);
  const kappa = (weights: readonly number[]) => {
    const counts = Array.from({ length: k }, (_, i) => weights.slice(i * k, i * k + k));
    return weights.some((w) => w > 0)
      ? weightedKappaFromCounts(counts, "none")
      : undefinedBecause("no items labelled by both");
  };
  return {
    items: a.length,
    accuracy: a.length === 0 ? null : same / a.length,
    interval: wilsonInterval(same, a.length),
    kappa: bootstrapGroups(["kappa"], cells, (w) => ({ kappa: kappa(w) }), REPORT_BOOTSTRAP).kappa,
  };
}
