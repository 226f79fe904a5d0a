import { dawidSkene } from "../aggregation/dawid-skene";
import type { JudgeConfusion } from "../aggregation/aggregate";
import {
  annotatorFigures,
  levelShares,
  referenceAgreement,
  type AnnotatorFigures,
  type QualityLabel,
  type ReferenceAgreement,
} from "./annotator-figures";

/** One save of an annotator's level on an item, as the campaign stored it (blind or revised). */
export type QualitySave = {
  annotator: string;
  item: string;
  phase: string;
  level: string;
  durationMs: number;
  /** When the item was first shown for this save (ms since the epoch): the order they labelled in. */
  startedAt: number;
  /** The unit's place among those one save labels (a nugget's in its answer's list); 0 otherwise. */
  position?: number;
};

/**
 * Each annotator's final level per item (the revision after a reveal where there is one) with the
 * seconds the item was on screen over all its saves, in the order they first labelled the items.
 */
export function finalLabels(saves: readonly QualitySave[]): QualityLabel[] {
  const byKey = new Map<string, QualityLabel & { startedAt: number; position: number }>();
  for (const s of saves) {
    const key = `${s.annotator}\n${s.item}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        annotator: s.annotator,
        item: s.item,
        level: s.level,
        seconds: s.durationMs / 1000,
        startedAt: s.startedAt,
        position: s.position ?? 0,
      });
      continue;
    }
    seen.seconds += s.durationMs / 1000;
    if (s.startedAt < seen.startedAt) [seen.startedAt, seen.position] = [s.startedAt, s.position ?? 0];
    if (s.phase === "revised") seen.level = s.level;
  }
  return [...byKey.values()]
    .sort(
      (a, b) =>
        a.startedAt - b.startedAt || a.position - b.position || (a.item < b.item ? -1 : a.item > b.item ? 1 : 0),
    )
    .map(({ startedAt: _s, position: _p, ...label }) => label);
}

/** Each annotator's level per item, by annotator. */
function byAnnotator(labels: readonly QualityLabel[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const l of labels)
    (out.get(l.annotator) ?? out.set(l.annotator, new Map()).get(l.annotator)!).set(l.item, l.level);
  return out;
}

export type AnnotatorQualityInputs = {
  campaign: { id: number; name: string; taskType: string; overlap: number };
  /** What one label is of: an item, or a nugget in an answer (a nugget assignment). */
  unit: "item" | "nugget";
  /** The campaign's scale: its levels, lowest first. */
  scale: { name: string; levels: readonly { value: string; label: string }[] };
  saves: readonly QualitySave[];
  /** Items skipped, by annotator. */
  skips: ReadonlyMap<string, number>;
  /** The gold items' known answers, by item. */
  gold: ReadonlyMap<string, string>;
  /** The adjudicated levels by item (agreed targets and decisions), or why there are none. */
  adjudicated: { levels: ReadonlyMap<string, string> } | { reason: string };
  /** The campaign's LLM and its labels by item, or why none is compared. */
  llm: { judge: string; labels: ReadonlyMap<string, string> } | { reason: string };
};

/** One annotator's figures with their agreement with each reference and their estimated confusion. */
export type AnnotatorQuality = AnnotatorFigures & {
  gold: ReferenceAgreement;
  adjudicated: ReferenceAgreement | null;
  llm: ReferenceAgreement | null;
  /** Dawid and Skene's estimate of their confusion (true level, then the level they gave), or null. */
  confusion: JudgeConfusion | null;
};

/**
 * A campaign's annotator quality (docs/DOMAIN.md, "Annotator quality"): each annotator's figures
 * over all their labels (gold items are work like any other to them); their agreement with the gold
 * items' known answers (on gold items), with the adjudicated levels and with the LLM (on the sampled
 * items); Cohen's kappa between each pair of annotators on the sampled items both labelled (gold
 * out, as the Agreement page counts them: gold items have their own figures); and each one's
 * confusion as Dawid and Skene estimate it from every annotator's labels of the sampled items (as the
 * `dawid-skene:<id>` label set does).
 */
export function buildAnnotatorQualityReport(inputs: AnnotatorQualityInputs) {
  const scale = inputs.scale.levels.map((l) => l.value);
  const labels = finalLabels(inputs.saves);
  const figures = annotatorFigures(labels, inputs.skips, scale);
  const sampled = labels.filter((l) => !inputs.gold.has(l.item));
  const [mine, mineSampled] = [byAnnotator(labels), byAnnotator(sampled)];
  const of = (levels: Map<string, Map<string, string>>, annotator: string) => levels.get(annotator) ?? new Map();
  const confusion =
    inputs.campaign.overlap >= 2 && sampled.length > 0
      ? dawidSkene(sampled.map((l) => ({ item: l.item, judge: l.annotator, label: l.level }))).judges
      : null;
  const adjudicated = "levels" in inputs.adjudicated ? inputs.adjudicated.levels : null;
  const llm = "judge" in inputs.llm ? inputs.llm : null;
  const annotators: AnnotatorQuality[] = figures.map((f) => ({
    ...f,
    gold: referenceAgreement(of(mine, f.annotator), inputs.gold, scale),
    adjudicated: adjudicated && referenceAgreement(of(mineSampled, f.annotator), adjudicated, scale),
    llm: llm && referenceAgreement(of(mineSampled, f.annotator), llm.labels, scale),
    confusion: confusion?.[f.annotator] ?? null,
  }));
  const names = annotators.map((a) => a.annotator).sort();
  const pairs = names.flatMap((a, i) =>
    names.slice(i + 1).map((b) => ({ a, b, ...referenceAgreement(of(mineSampled, a), of(mineSampled, b), scale) })),
  );
  const llmSummary: { judge: string | null; reason: string | null } =
    "reason" in inputs.llm ? { judge: null, reason: inputs.llm.reason } : { judge: inputs.llm.judge, reason: null };
  return {
    campaign: inputs.campaign,
    unit: inputs.unit,
    scale: { name: inputs.scale.name, levels: inputs.scale.levels.map((l) => ({ value: l.value, label: l.label })) },
    goldItems: inputs.gold.size,
    labels: labels.length,
    /** The share of everyone's labels at each level, beside each annotator's. */
    everyone: levelShares(
      labels.map((l) => l.level),
      scale,
    ),
    annotators,
    pairs,
    adjudicated: { reason: "reason" in inputs.adjudicated ? inputs.adjudicated.reason : null },
    llm: llmSummary,
    dawidSkene: {
      reason: confusion
        ? null
        : inputs.campaign.overlap < 2
          ? "Dawid-Skene needs two or more annotators per item"
          : "no labels of sampled items yet",
    },
  };
}

export type AnnotatorQualityReport = ReturnType<typeof buildAnnotatorQualityReport>;
