import { dawidSkene } from "../aggregation/dawid-skene";
import { fuseLevels } from "../agreement/fusion";
import { levelOfPayload } from "../campaigns/judgment";
import { humanMajority, type JudgeLabel } from "../explorer/consensus";
import { ensembleLevel } from "../judging/ensemble";
import { judgeScale } from "../judging/judge-scale";
import { levelIndex, PREFERENCE_SCALE_ID, scaleById } from "../scales";
import { nuggetAnswerKey, parseAnswerKey } from "../targets";
import type { SetLabel } from "./label-set";

/**
 * An ensemble of judges ("ensemble:<judge>+<judge>+..."): on the targets every member labelled on
 * one scale, one label by the scale's kind: the majority for nominal labels (two levels, or the
 * preference choices a, b, none), where a tie gives no label and is counted; the lower median for
 * ordinal ones (three levels or more). FeB4RAG's fusion of two LLMs is "fused:<x>+<y>".
 */
export function ensembleLabels(members: readonly ReadonlyMap<string, SetLabel>[]): {
  labels: Map<string, SetLabel>;
  ties: number;
} {
  const labels = new Map<string, SetLabel>();
  let ties = 0;
  const [first, ...rest] = members;
  for (const [key, label] of first ?? []) {
    const all = [label, ...rest.map((m) => m.get(key))];
    if (all.some((l) => !l || l.scale !== label.scale)) continue;
    const scale = judgeScale(label.scale);
    const levels = all.map((l) => (scale ? scale.levels.findIndex((v) => v.value === l!.value) : -1));
    if (!scale || levels.some((i) => i < 0)) continue;
    const nominal = scale.levels.length <= 2 || scale.id === PREFERENCE_SCALE_ID;
    const level = ensembleLevel(nominal ? "majority" : "lower-median", levels);
    if (level === null) ties++;
    else labels.set(key, { ...label, value: scale.levels[level]!.value });
  }
  return { labels, ties };
}

/**
 * Two LLMs fused as FeB4RAG does, on the targets both labelled on the same scale: the level
 * closest to the mean of their two levels, ties rounded down (see fuseLevels).
 */
export function fusedLabels(
  first: ReadonlyMap<string, SetLabel>,
  second: ReadonlyMap<string, SetLabel>,
): Map<string, SetLabel> {
  const labels = new Map<string, SetLabel>();
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
  base: ReadonlyMap<string, SetLabel>,
  humans: readonly HumanLabel[],
): Map<string, SetLabel> {
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
 * A nugget assignment's annotations as one per nugget of its answer: target "na:<nugget>:<system>"
 * and the nugget's level as its payload's level, as the annotator's own labels are written (its
 * payload names nuggets by external id, `nuggetRowId` gives their rows; a nugget no longer in the
 * study is left out). Every other annotation is kept as it is.
 */
export function perNuggetAnnotations<A extends CampaignAnnotation>(
  annotations: readonly A[],
  nuggetRowId: ReadonlyMap<string, number>,
): A[] {
  return annotations.flatMap((row) => {
    const answer = parseAnswerKey(row.targetKey);
    if (!answer) return [row];
    const { assignments } = JSON.parse(row.payload) as { assignments?: Record<string, string> };
    return Object.entries(assignments ?? {}).flatMap(([externalId, level]) => {
      const nuggetId = nuggetRowId.get(externalId);
      return nuggetId === undefined
        ? []
        : [
            {
              ...row,
              targetKey: nuggetAnswerKey(nuggetId, answer.systemId),
              nuggetId,
              payload: JSON.stringify({ level }),
            },
          ];
    });
  });
}

/**
 * Each annotator's latest level on each item of a campaign: their revision after a reveal where
 * there is one, else their label (a payload without a level, such as a nugget review, is none).
 */
export function latestLevels<A extends CampaignAnnotation>(annotations: readonly A[]): { row: A; value: string }[] {
  const latest = new Map<string, { row: A; value: string }>();
  for (const row of annotations) {
    const value = levelOfPayload(row.payload);
    const key = `${row.targetKey}\n${row.userId}`;
    if (value !== null && (row.phase === "revised" || !latest.has(key))) latest.set(key, { row, value });
  }
  return [...latest.values()];
}

/**
 * The majority of a campaign's annotators on each item, on the campaign's scale: each annotator's
 * latest label (the revision after a reveal where there is one); a tie leaves the item out.
 */
export function campaignMajority(
  annotations: readonly CampaignAnnotation[],
  scale: string,
): { labels: Map<string, SetLabel>; ties: number } {
  const byTarget = new Map<string, { row: CampaignAnnotation; judged: JudgeLabel[] }>();
  for (const { row, value } of latestLevels(annotations)) {
    const entry = byTarget.get(row.targetKey) ?? byTarget.set(row.targetKey, { row, judged: [] }).get(row.targetKey)!;
    entry.judged.push({ judge: String(row.userId), kind: "human", scale, value });
  }
  const labels = new Map<string, SetLabel>();
  let ties = 0;
  for (const [key, { row, judged }] of byTarget) {
    const majority = humanMajority(judged);
    if (!majority) ties++;
    else
      labels.set(key, {
        targetKey: key,
        ...majority,
        queryId: row.queryId,
        nuggetId: row.nuggetId,
        criterion: null,
      });
  }
  return { labels, ties };
}

/**
 * A campaign's labels as Dawid and Skene's EM estimates them (crowd-kit's DawidSkene,
 * lib/domain/aggregation/dawid-skene.ts) from each annotator's latest level on each target: the
 * most probable label of every target an annotator labelled, on the campaign's scale.
 */
export function dawidSkeneLabels(annotations: readonly CampaignAnnotation[], scale: string): Map<string, SetLabel> {
  const latest = latestLevels(annotations);
  const rowOf = new Map(latest.map(({ row }) => [row.targetKey, row]));
  const { items } = dawidSkene(
    latest.map(({ row, value }) => ({ item: row.targetKey, judge: String(row.userId), label: value })),
  );
  return new Map(
    items.map(({ item, label }) => {
      const row = rowOf.get(item)!;
      return [
        item,
        { targetKey: item, value: label, scale, queryId: row.queryId, nuggetId: row.nuggetId, criterion: null },
      ];
    }),
  );
}
