import { cohenKappa } from "../agreement/kappa";
import { krippendorffAlpha } from "../agreement/krippendorff-alpha";
import { textOrder } from "../nugget-scores/nugget-scores";
import { wilsonInterval } from "../preferences/aggregate";
import {
  answerSupport,
  CITATION_SUPPORT_LEVELS,
  runSupport,
  type AnswerSupport,
  type CitationSupportLevel,
  type JudgedSentence,
} from "../citation-support/support-measures";
import type { SetLabel } from "../label-sets/label-set";
import { parseSentenceCitationKey, sentenceCitationKey } from "../targets";
import type { Family } from "./impact-family";

/** Thakur et al.'s two measures of citation support, precision first. */
export const CITATION_MEASURES = ["weighted_precision", "weighted_recall"] as const;

export type CitationInputs = {
  /** The study's answers kept with sentences: per sentence, the passages (document ids) it cites, once each. */
  answers: readonly { systemId: number; system: string; queryId: number; sentences: readonly (readonly number[])[] }[];
};

/** Per question: each system's answer's sentences as a label set judged them (on the pairs both judged). */
type AnswerJudgments = ReadonlyMap<string, JudgedSentence[]>;

/**
 * Citation support over `sc:` labels (support-measures.ts): an answer's weighted precision and
 * recall, a run's the mean over its answers. Both sets are compared on the (sentence, passage)
 * pairs both judged: a pair only one set judged counts as judged by neither, so a run's two
 * scores read the same pairs. An answer is compared when both judged one of its pairs; a question
 * counts as judged when one of its answers is.
 */
export function citationsFamily(
  inputs: CitationInputs,
  sets: readonly ReadonlyMap<string, SetLabel>[],
): Family<AnswerJudgments> {
  const levels = sets.map(levelsOf);
  const shared = (key: string) => levels.every((l) => l.has(key));
  const universe = new Set(inputs.answers.map((a) => String(a.queryId)));
  return {
    measures: CITATION_MEASURES,
    systems: [...new Set(inputs.answers.map((a) => a.system))].sort(),
    universe,
    judgments: (labels) => {
      const own = levelsOf(labels);
      const out = new Map([...universe].map((q) => [q, { judged: false, value: new Map<string, JudgedSentence[]>() }]));
      for (const a of inputs.answers) {
        const keyOf = (sentence: number, documentId: number) =>
          sentenceCitationKey(a.queryId, a.systemId, sentence, documentId);
        const sentences = a.sentences.map((cited, sentence) => ({
          citations: cited.map((d) => {
            const key = keyOf(sentence, d);
            return shared(key) ? own.get(key)! : null;
          }),
        }));
        if (!sentences.some((s) => s.citations.some((c) => c !== null))) continue;
        const q = out.get(String(a.queryId))!;
        q.judged = true;
        q.value.set(a.system, sentences);
      }
      return out;
    },
    score: (judgments, system) => {
      const answers = [...judgments.values()].flatMap((q) => (q.has(system) ? [answerSupport(q.get(system)!)] : []));
      if (answers.length === 0) return { weighted_precision: null, weighted_recall: null };
      const run = runSupport(answers);
      return { weighted_precision: run.weightedPrecision, weighted_recall: run.weightedRecall };
    },
  };
}

/** A label set's citation support levels by "sc:" key. */
function levelsOf(labels: ReadonlyMap<string, SetLabel>): Map<string, CitationSupportLevel> {
  const out = new Map<string, CitationSupportLevel>();
  for (const [key, label] of labels)
    if (parseSentenceCitationKey(key) && (CITATION_SUPPORT_LEVELS as readonly string[]).includes(label.value))
      out.set(key, label.value as CitationSupportLevel);
  return out;
}

/** Every answer both sets judged, with its measures under each: by system, then question. */
export function citationScores(
  judgments: { a: ReadonlyMap<string, AnswerJudgments>; b: ReadonlyMap<string, AnswerJudgments> },
  questionNames: ReadonlyMap<string, string>,
) {
  const measures = (s: AnswerSupport): Record<string, number | null> => ({
    weighted_precision: s.weightedPrecision,
    weighted_recall: s.weightedRecall,
  });
  const rows = [...judgments.a].flatMap(([q, systems]) =>
    [...systems].map(([system, a]) => ({
      system,
      question: questionNames.get(q) ?? q,
      a: measures(answerSupport(a)),
      b: measures(answerSupport(judgments.b.get(q)!.get(system)!)),
    })),
  );
  return rows.sort((x, y) => textOrder(x.system, y.system) || textOrder(x.question, y.question));
}

/**
 * How far the two sets agree on the (sentence, passage) pairs both judged, on the three levels (as
 * Thakur et al. report it: the share of pairs judged the same, 56% from scratch, 72% post-edited):
 * the count and share with Wilson's 95% interval, Cohen's kappa and Krippendorff's ordinal alpha.
 */
export function citationAgreement(a: ReadonlyMap<string, SetLabel>, b: ReadonlyMap<string, SetLabel>) {
  const [levelsA, levelsB] = [levelsOf(a), levelsOf(b)];
  const keys = [...levelsA.keys()].filter((k) => levelsB.has(k));
  // codes from "no" to "full", as the scale orders them
  const order = ["no_support", "partial_support", "full_support"];
  const codes = (levels: Map<string, CitationSupportLevel>) => keys.map((k) => order.indexOf(levels.get(k)!));
  const paired = { a: codes(levelsA), b: codes(levelsB), categories: order.length };
  const agree = keys.filter((k) => levelsA.get(k) === levelsB.get(k)).length;
  const interval = wilsonInterval(agree, keys.length);
  return {
    pairs: keys.length,
    agree,
    share: keys.length === 0 ? null : agree / keys.length,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    cohenKappa: cohenKappa(paired).value,
    alpha: krippendorffAlpha(
      {
        unit: keys.flatMap((_, i) => [i, i]),
        code: keys.flatMap((_, i) => [paired.a[i]!, paired.b[i]!]),
        units: keys.length,
        categories: order.length,
      },
      "ordinal",
    ).value,
  };
}
