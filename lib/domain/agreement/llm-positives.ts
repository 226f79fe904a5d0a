import { binarize, scaleById, type Scale } from "../scales";

/** One target an LLM and a human labelled (or `count` identical ones). */
export type LlmHumanLabel = {
  llm: { value: string; scale: string };
  human: { value: string; scale: string };
  count: number;
};

export type LlmPositives = {
  llm: string;
  human: string;
  /** Labels of targets the LLM called positive. */
  pairs: number;
  /** The humans' labels over those targets, by level, highest first; share = count / pairs. */
  levels: { level: string; count: number; share: number }[];
};

/**
 * FreshStack's calibration table: among the targets the LLM labelled positive (at or above its
 * scale's threshold), how the humans labelled them. The human levels are named and ordered by
 * `humanScale` (default: the scale of the first human label counted), else by value. Null when the
 * LLM called nothing positive.
 */
export function humanLabelsOverLlmPositives(
  labels: readonly LlmHumanLabel[],
  names: { llm: string; human: string },
  humanScale?: Scale,
): LlmPositives | null {
  const tally = new Map<string, number>();
  let pairs = 0;
  let firstHumanScale: string | null = null;
  for (const { llm, human, count } of labels) {
    const llmScale = scaleById(llm.scale);
    if (!llmScale || !binarize(llmScale, llm.value)) continue;
    pairs += count;
    firstHumanScale ??= human.scale;
    tally.set(human.value, (tally.get(human.value) ?? 0) + count);
  }
  if (pairs === 0) return null;
  const scale = humanScale ?? scaleById(firstHumanScale ?? "");
  const levels = scale
    ? scale.levels.toReversed().map((l) => ({ value: l.value, text: l.label }))
    : [...tally.keys()].sort().map((value) => ({ value, text: value }));
  return {
    ...names,
    pairs,
    levels: levels
      .filter((l) => tally.has(l.value))
      .map((l) => ({ level: l.text, count: tally.get(l.value)!, share: tally.get(l.value)! / pairs })),
  };
}
