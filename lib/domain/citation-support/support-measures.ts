import { exactMean } from "../nugget-scores/exact-mean";

/**
 * How far a passage an answer sentence cites supports the sentence (Thakur et al. 2025, "Support
 * evaluation for the TREC 2024 RAG Track: comparing human versus LLM judges"): full, partial or no
 * support.
 */
export const CITATION_SUPPORT_LEVELS = ["full_support", "partial_support", "no_support"] as const;
export type CitationSupportLevel = (typeof CITATION_SUPPORT_LEVELS)[number];

/** A level's weight in the weighted measures: full 1, partial 0.5, none 0. */
export const SUPPORT_WEIGHT: Record<CitationSupportLevel, number> = {
  full_support: 1,
  partial_support: 0.5,
  no_support: 0,
};

/**
 * One answer sentence as the measures read it: the level a label set gives each of its citations,
 * in order, null for a citation it did not judge (a sentence without citations has none).
 */
export type JudgedSentence = { citations: readonly (CitationSupportLevel | null)[] };

/** An answer's weighted precision and recall under one label set; null where nothing could be read. */
export type AnswerSupport = {
  /** The mean weight over the answer's judged (sentence, passage) pairs; null with none judged. */
  weightedPrecision: number | null;
  /**
   * The mean over the answer's sentences of the best weight any judged citation gives each one (a
   * sentence without a citation counts 0; one whose citations none was judged is left out); null
   * when every sentence was left out.
   */
  weightedRecall: number | null;
  /** The judged pairs, and the sentences the recall counts. */
  pairs: number;
  sentences: number;
};

/** One answer's weighted precision and recall (docs/DOMAIN.md, "Citation support"). */
export function answerSupport(sentences: readonly JudgedSentence[]): AnswerSupport {
  const weights = sentences.flatMap((s) =>
    s.citations.flatMap((level) => (level === null ? [] : [SUPPORT_WEIGHT[level]])),
  );
  const best = sentences.flatMap((s) => {
    if (s.citations.length === 0) return [0];
    const judged = s.citations.flatMap((level) => (level === null ? [] : [SUPPORT_WEIGHT[level]]));
    return judged.length === 0 ? [] : [Math.max(...judged)];
  });
  return {
    weightedPrecision: weights.length === 0 ? null : exactMean(weights),
    weightedRecall: best.length === 0 ? null : exactMean(best),
    pairs: weights.length,
    sentences: best.length,
  };
}

/** A run's scores: each measure's mean over the run's answers that have it, with how many do. */
export type RunSupport = {
  weightedPrecision: number | null;
  weightedRecall: number | null;
  answers: { precision: number; recall: number };
};

export function runSupport(answers: readonly AnswerSupport[]): RunSupport {
  const of = (pick: (a: AnswerSupport) => number | null) =>
    answers.flatMap((a) => {
      const value = pick(a);
      return value === null ? [] : [value];
    });
  const precision = of((a) => a.weightedPrecision);
  const recall = of((a) => a.weightedRecall);
  return {
    weightedPrecision: precision.length === 0 ? null : exactMean(precision),
    weightedRecall: recall.length === 0 ? null : exactMean(recall),
    answers: { precision: precision.length, recall: recall.length },
  };
}
