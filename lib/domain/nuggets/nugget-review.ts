import { z } from "zod";

/** An expert's review of one question's nuggets (FreshStack §5.2.1; docs/DOMAIN.md, "Nugget quality"). */
export type QuestionReview = {
  /** The LLM's nuggets in their order: A = hallucinated, B = minor or redundant. */
  nuggets: readonly { hallucinated: boolean; redundant: boolean }[];
  /** C: how many more nuggets the question needs to cover all its key ideas. */
  missing: number;
};

/**
 * An annotator's review of one question's nuggets (docs/DOMAIN.md, "Tasks"), as saved: for each of
 * the LLM's nuggets in order, A (hallucinated: not supported by the question and answer) and B
 * (minor or redundant); C, how many more nuggets the question needs; and optionally the text of
 * some of those missing nuggets.
 */
export const nuggetReviewSchema = z
  .object({
    nuggets: z
      .array(z.object({ nugget: z.string().min(1), hallucinated: z.boolean(), redundant: z.boolean() }).strict())
      .max(500),
    missing: z.number().int().min(0).max(100),
    missingNuggets: z.array(z.string().trim().min(1).max(2000)).max(100).default([]),
  })
  .strict()
  .refine((r) => r.missingNuggets.length <= r.missing, {
    message: "more missing nuggets written out than counted (C)",
    path: ["missingNuggets"],
  });
export type NuggetReview = z.infer<typeof nuggetReviewSchema>;

/** Why a review does not cover the question's nuggets (their ids in order) exactly once each, in order; null when it does. */
export function reviewMismatch(review: NuggetReview, nuggetIds: readonly string[]): string | null {
  const given = review.nuggets.map((n) => n.nugget);
  if (given.length !== nuggetIds.length)
    return `the question has ${nuggetIds.length} nuggets, the review marks ${given.length}`;
  const wrong = given.findIndex((id, i) => id !== nuggetIds[i]);
  return wrong === -1
    ? null
    : `nugget ${wrong + 1} of the review is "${given[wrong]}", the question's is "${nuggetIds[wrong]}"`;
}

/**
 * A saved review brought up to the question's current nuggets (a re-import may have added some):
 * marks kept by nugget id, new nuggets unmarked, C and the missing nuggets kept.
 */
export function reconcileReview(review: NuggetReview, nuggetIds: readonly string[]): NuggetReview {
  if (reviewMismatch(review, nuggetIds) === null) return review;
  const marks = new Map(review.nuggets.map((n) => [n.nugget, n]));
  return {
    ...blankReview(nuggetIds),
    missing: review.missing,
    missingNuggets: review.missingNuggets,
    nuggets: nuggetIds.map((nugget) => marks.get(nugget) ?? { nugget, hallucinated: false, redundant: false }),
  };
}

/** A blank review of the given nuggets: nothing marked, none missing. */
export function blankReview(nuggetIds: readonly string[]): NuggetReview {
  return {
    nuggets: nuggetIds.map((nugget) => ({ nugget, hallucinated: false, redundant: false })),
    missing: 0,
    missingNuggets: [],
  };
}

/** The counts the nugget-quality metrics read. */
export function questionReviewOf(review: NuggetReview): QuestionReview {
  return {
    nuggets: review.nuggets.map(({ hallucinated, redundant }) => ({ hallucinated, redundant })),
    missing: review.missing,
  };
}
