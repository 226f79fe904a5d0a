import { exactMean } from "./exact-mean";

/** A nugget's importance, as the TREC RAG track and nuggetizer grade it. */
export const NUGGET_IMPORTANCES = ["vital", "okay"] as const;
export type NuggetImportance = (typeof NUGGET_IMPORTANCES)[number];

/** A nugget's stored importance (a column that holds "vital", "okay" or null); anything else reads as not graded. */
export const storedImportance = (value: string | null): NuggetImportance | null =>
  (NUGGET_IMPORTANCES as readonly string[]).includes(value ?? "") ? (value as NuggetImportance) : null;

/** How far an answer supports a nugget (nuggetizer's assignment labels). */
export const NUGGET_ASSIGNMENTS = ["support", "partial_support", "not_support"] as const;
export type NuggetAssignment = (typeof NUGGET_ASSIGNMENTS)[number];

/** The four scores of one answer, or the means over a run's answers, under nuggetizer's names. */
export type NuggetScores = {
  strict_vital_score: number;
  strict_all_score: number;
  vital_score: number;
  all_score: number;
};

export const NUGGET_SCORE_NAMES = ["strict_vital_score", "strict_all_score", "vital_score", "all_score"] as const;

/**
 * One answer's scores from its nuggets' assignments, as nuggetizer's `calculate_nugget_scores`
 * computes them (castorini/nuggetizer, src/nuggetizer/core/metrics.py): All is the share of the
 * question's nuggets the answer supports, Vital the share of its vital nuggets, a partial support
 * counting 0.5; the strict forms count full support only. With no vital nugget, both Vital scores
 * are 0 (and with no nugget at all, every score).
 */
export function answerNuggetScores(
  nuggets: readonly { importance: NuggetImportance; assignment: NuggetAssignment }[],
): NuggetScores {
  const vital = nuggets.filter((n) => n.importance === "vital");
  const strict = (list: typeof nuggets) => list.filter((n) => n.assignment === "support").length;
  // nuggetizer adds the halves to the whole count: strict + sum(0.5 for each partial)
  const partial = (list: typeof nuggets) =>
    strict(list) + list.filter((n) => n.assignment === "partial_support").reduce((sum) => sum + 0.5, 0);
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  return {
    strict_vital_score: share(strict(vital), vital.length),
    strict_all_score: share(strict(nuggets), nuggets.length),
    vital_score: share(partial(vital), vital.length),
    all_score: share(partial(nuggets), nuggets.length),
  };
}

/** A run's scores: each the mean over its answers, summed exactly as nuggetizer's `calculate_global_metrics` does. */
export function meanNuggetScores(answers: readonly NuggetScores[]): NuggetScores {
  const mean = (name: (typeof NUGGET_SCORE_NAMES)[number]) => exactMean(answers.map((a) => a[name]));
  return {
    strict_vital_score: mean("strict_vital_score"),
    strict_all_score: mean("strict_all_score"),
    vital_score: mean("vital_score"),
    all_score: mean("all_score"),
  };
}

/**
 * How nuggetizer's outputs are sorted (run_id, then qid): Python's string order, which JavaScript's
 * `<` gives for every text without characters past U+FFFF.
 */
export const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
