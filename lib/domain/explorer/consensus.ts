import { fuseMean } from "../agreement/fusion";
import { binarize, levelIndex, scaleById } from "../scales";

/** One judge's label of one target. */
export type JudgeLabel = { judge: string; kind: "human" | "model"; scale: string; value: string };

/** Where a label sits: positive or not by its scale's threshold, and its level scaled to 0..1. */
export type LabelPosition = { positive: boolean; level: number };

export function labelPosition(scaleId: string, value: string): LabelPosition | null {
  const scale = scaleById(scaleId);
  const index = scale && levelIndex(scale, value);
  if (!scale || index === null || index === undefined) return null;
  return { positive: binarize(scale, value)!, level: index / (scale.levels.length - 1) };
}

/**
 * Whether the judges of a target disagree, read through each scale's binarization so LLMs and
 * humans on different scales compare, and how strongly: the distance between the highest and the
 * lowest label, each scaled to 0..1 on its own scale (1 = one said the top level, another the
 * bottom); 0 when they agree.
 */
export function disagreement(labels: readonly JudgeLabel[]): number {
  const positions = labels.map((l) => labelPosition(l.scale, l.value)).filter((p) => p !== null);
  if (!positions.some((p) => p.positive) || positions.every((p) => p.positive)) return 0;
  return Math.max(...positions.map((p) => p.level)) - Math.min(...positions.map((p) => p.level));
}

/** The humans' most frequent value on their scale; null without humans, on a tie or across scales. */
export function humanMajority(labels: readonly JudgeLabel[]): { scale: string; value: string } | null {
  const humans = labels.filter((l) => l.kind === "human");
  if (humans.length === 0 || new Set(humans.map((l) => l.scale)).size > 1) return null;
  const tally = new Map<string, number>();
  for (const l of humans) tally.set(l.value, (tally.get(l.value) ?? 0) + 1);
  const ranked = [...tally].sort((x, y) => y[1] - x[1]);
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return null;
  return { scale: humans[0]!.scale, value: ranked[0]![0] };
}

/**
 * The LLMs fused as FeB4RAG fuses two (the mean of their levels, then the nearest level, ties to the
 * lower): null unless two or more LLMs labelled the target on one scale.
 */
export function fusedLlm(labels: readonly JudgeLabel[]): { scale: string; value: string } | null {
  const models = labels.filter((l) => l.kind === "model");
  const scale =
    models.length >= 2 && new Set(models.map((l) => l.scale)).size === 1 ? scaleById(models[0]!.scale) : null;
  if (!scale) return null;
  const levels = models.map((l) => levelIndex(scale, l.value));
  if (levels.some((l) => l === null)) return null;
  return { scale: scale.id, value: scale.levels[fuseMean(levels as number[])]!.value };
}
