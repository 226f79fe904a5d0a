import { fuseLevels } from "./agreement/fusion";
import { levelOfPayload } from "./campaigns/judgment";
import { humanMajority, type JudgeLabel } from "./explorer/consensus";
import { levelIndex, scaleById } from "./scales";

/** One label of a source on one target. */
export type SourceLabel = {
  targetKey: string;
  value: string;
  scale: string;
  queryId: number | null;
  nuggetId: number | null;
  criterion: string | null;
};

/** A label source (a label set): one judge's labels, or labels built from others, by target key. */
export type LabelSource = { name: string; kind: "model" | "human"; labels: Map<string, SourceLabel> };

/** Whether a source name is built from other labels ("fused:", "corrected:", "campaign:") rather than one judge's. */
export const isDerivedSource = (name: string) => /^(fused|corrected|campaign):/.test(name);

/**
 * Two LLMs fused as FeB4RAG does, on the targets both labelled on the same scale: the level
 * closest to the mean of their two levels, ties rounded down (see fuseLevels).
 */
export function fusedLabels(
  first: ReadonlyMap<string, SourceLabel>,
  second: ReadonlyMap<string, SourceLabel>,
): Map<string, SourceLabel> {
  const labels = new Map<string, SourceLabel>();
  for (const [key, a] of first) {
    const b = second.get(key);
    if (!b || a.scale !== b.scale) continue;
    const scale = scaleById(a.scale);
    const ia = scale && levelIndex(scale, a.value);
    const ib = scale && levelIndex(scale, b.value);
    if (!scale || ia === null || ib === null) continue;
    labels.set(key, { ...a, value: scale.levels[fuseLevels(ia!, ib!)]!.value });
  }
  return labels;
}

/** A human judge's label, as the corrections read it. */
export type HumanLabel = { targetKey: string; judge: string; value: string; scale: string };

/**
 * An LLM corrected by people: its labels, with the people's majority label wherever people judged
 * a target it labelled (a tie keeps the LLM's).
 */
export function correctedLabels(
  base: ReadonlyMap<string, SourceLabel>,
  humans: readonly HumanLabel[],
): Map<string, SourceLabel> {
  const byTarget = new Map<string, JudgeLabel[]>();
  for (const h of humans)
    (byTarget.get(h.targetKey) ?? byTarget.set(h.targetKey, []).get(h.targetKey)!).push({
      judge: h.judge,
      kind: "human",
      scale: h.scale,
      value: h.value,
    });
  const labels = new Map(base);
  for (const [key, judged] of byTarget) {
    const majority = humanMajority(judged);
    const own = labels.get(key);
    if (majority && own) labels.set(key, { ...own, ...majority });
  }
  return labels;
}

/** One annotation of a campaign item, as the majority reads it. */
export type CampaignAnnotation = {
  targetKey: string;
  queryId: number | null;
  nuggetId: number | null;
  userId: number;
  phase: string;
  /** The saved payload (JSON): a level for support and relevance. */
  payload: string;
};

/**
 * The majority of a campaign's annotators on each item, on the campaign's scale: each annotator's
 * latest label (the revision after a reveal where there is one); a tie leaves the item out.
 */
export function campaignMajority(annotations: readonly CampaignAnnotation[], scale: string): Map<string, SourceLabel> {
  const latest = new Map<string, { row: CampaignAnnotation; value: string }>();
  for (const row of annotations) {
    const value = levelOfPayload(row.payload);
    const key = `${row.targetKey}\n${row.userId}`;
    if (value !== null && (row.phase === "revised" || !latest.has(key))) latest.set(key, { row, value });
  }
  const byTarget = new Map<string, { row: CampaignAnnotation; judged: JudgeLabel[] }>();
  for (const { row, value } of latest.values()) {
    const entry = byTarget.get(row.targetKey) ?? byTarget.set(row.targetKey, { row, judged: [] }).get(row.targetKey)!;
    entry.judged.push({ judge: String(row.userId), kind: "human", scale, value });
  }
  const labels = new Map<string, SourceLabel>();
  for (const [key, { row, judged }] of byTarget) {
    const majority = humanMajority(judged);
    if (majority)
      labels.set(key, {
        targetKey: key,
        ...majority,
        queryId: row.queryId,
        nuggetId: row.nuggetId,
        criterion: null,
      });
  }
  return labels;
}
