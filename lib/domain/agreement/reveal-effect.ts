import { levelOfPayload } from "../campaigns/judgment";
import { binarize, scaleById, type Scale } from "../scales";
import { cohenKappa, percentAgreement } from "./kappa";
import type { Statistic } from "./statistic";

/** One item of a blind-then-reveal campaign: the LLM's binarized label and the annotator's, before and after the reveal. */
export type RevealedItem = { llm: boolean; blind: boolean; revised: boolean | null };

export type RevealEffect = {
  items: number;
  changed: number;
  towardLlm: number;
  before: { agreement: Statistic; kappa: Statistic };
  after: { agreement: Statistic; kappa: Statistic };
};

/**
 * How far seeing the LLM's label moved the annotator toward it (TREC 2024 RAG: exact agreement rose
 * from 56% to 72% when assessors post-edited LLM labels). Agreement and Cohen's kappa with the LLM
 * on the binarized labels, before (blind) and after (revised; the blind label when there is no
 * revision); `changed` counts revisions that flipped the binary label, `towardLlm` those that
 * flipped it to the LLM's.
 */
export function revealEffect(items: readonly RevealedItem[]): RevealEffect {
  const code = (b: boolean) => (b ? 1 : 0);
  const llm = items.map((i) => code(i.llm));
  const blind = items.map((i) => code(i.blind));
  const after = items.map((i) => code(i.revised ?? i.blind));
  const pairs = (b: number[]) => ({ a: llm, b, categories: 2 });
  const flipped = items.filter((i) => i.revised !== null && i.revised !== i.blind);
  return {
    items: items.length,
    changed: flipped.length,
    towardLlm: flipped.filter((i) => i.revised === i.llm).length,
    before: { agreement: percentAgreement(pairs(blind)), kappa: cohenKappa(pairs(blind)) },
    after: { agreement: percentAgreement(pairs(after)), kappa: cohenKappa(pairs(after)) },
  };
}

/** A blind or revised annotation of a blind-then-reveal campaign, by its annotator's email. */
export type PhasedAnnotation = { email: string; targetKey: string; phase: string; payload: string };

/**
 * Each annotator's (and everyone's) agreement with the campaign's LLM before and after the
 * reveal, on labels binarized by the campaign's scale (the LLM's by its own). Items the LLM did not
 * label, or labelled off its scale, are left out.
 */
export function buildRevealSummary(inputs: {
  llmJudge: string;
  scale: Scale;
  llmLabels: readonly { targetKey: string; value: string; scale: string }[];
  annotations: readonly PhasedAnnotation[];
}) {
  const { llmJudge, scale, llmLabels, annotations } = inputs;
  const llm = new Map(llmLabels.map((l) => [l.targetKey, binarize(scaleById(l.scale) ?? scale, l.value)]));
  const byUser = new Map<string, Map<string, { blind?: boolean | null; revised?: boolean | null }>>();
  for (const a of annotations) {
    const level = levelOfPayload(a.payload) ?? "";
    const mine = byUser.get(a.email) ?? byUser.set(a.email, new Map()).get(a.email)!;
    const entry = mine.get(a.targetKey) ?? {};
    entry[a.phase as "blind" | "revised"] = binarize(scale, level);
    mine.set(a.targetKey, entry);
  }
  const itemsOf = (entries: Map<string, { blind?: boolean | null; revised?: boolean | null }>): RevealedItem[] =>
    [...entries].flatMap(([key, e]) => {
      const l = llm.get(key);
      return l === undefined || l === null || e.blind === undefined || e.blind === null
        ? []
        : [{ llm: l, blind: e.blind, revised: e.revised ?? null }];
    });
  const annotators = [...byUser]
    .map(([email, entries]) => ({ email, ...revealEffect(itemsOf(entries)) }))
    .sort((x, y) => x.email.localeCompare(y.email));
  return { llmJudge, overall: revealEffect([...byUser.values()].flatMap(itemsOf)), annotators };
}
