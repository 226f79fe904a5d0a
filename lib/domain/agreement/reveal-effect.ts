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
