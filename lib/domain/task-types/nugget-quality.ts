import { QUESTION_SAMPLE_LABELS } from "../campaigns/sampling";
import { blankReview, nuggetReviewSchema, reconcileReview, type NuggetReview } from "../nuggets/nugget-review";
import type { TaskTypeDefinition } from "./task-type";
import { z } from "zod";

export type ReviewMark = "hallucinated" | "redundant";

/** The draft of a nugget review: the marks and C, the nugget in focus, and the missing nuggets as typed. */
export type ReviewDraft = { review: NuggetReview; focus: number; missingText: string };

const payloadSchema = nuggetReviewSchema.safeExtend({ taskType: z.literal("nugget_quality") });

/**
 * A question's nuggets reviewed together against its gold answer (docs/DOMAIN.md, "Nugget
 * quality"): A hallucinated, B minor or redundant, C how many are missing. The nuggets are the
 * LLM's own output, so there is no LLM label to hide or reveal, and no scale.
 */
export const nuggetQuality: TaskTypeDefinition<"nugget_quality", ReviewDraft, typeof payloadSchema> = {
  id: "nugget_quality",
  label: "Nugget quality",
  menu: "Nugget quality: are the LLM's nuggets hallucinated, redundant, or missing some?",
  unit: "question",
  pairTarget: null,
  defaultScaleId: "binary",
  report: "nugget-quality",
  sampleLabels: QUESTION_SAMPLE_LABELS,
  shows: { answer: true, nuggetList: true, responses: false },
  payloadSchema,
  savedView: (stored) => ({ level: null, review: nuggetReviewSchema.parse(stored), preference: null }),
  startDraft: (saved, { nuggetIds }) => {
    const review = saved?.review ? reconcileReview(saved.review, nuggetIds) : blankReview(nuggetIds);
    return { review, focus: 0, missingText: review.missingNuggets.join("\n") };
  },
  payloadOf: (draft) => ({ taskType: "nugget_quality", ...draft.review, missingNuggets: linesOf(draft.missingText) }),
};

/** Moves the focus to the previous or next nugget, staying on the list. */
export const focusNugget = (draft: ReviewDraft, step: -1 | 1): ReviewDraft => ({
  ...draft,
  focus: Math.min(Math.max(draft.focus + step, 0), Math.max(draft.review.nuggets.length - 1, 0)),
});

/** Sets or clears a mark (A or B) on the nugget at `index`. */
export const toggleMark = (draft: ReviewDraft, index: number, mark: ReviewMark): ReviewDraft => ({
  ...draft,
  review: {
    ...draft.review,
    nuggets: draft.review.nuggets.map((n, i) => (i === index ? { ...n, [mark]: !n[mark] } : n)),
  },
});

/** Sets C, which never falls below the number of missing nuggets written out. */
export const setMissing = (draft: ReviewDraft, count: number): ReviewDraft => ({
  ...draft,
  review: { ...draft.review, missing: Math.max(count, linesOf(draft.missingText).length) },
});

/** Takes the missing nuggets as typed (one per line); C rises to their number. */
export const writeMissing = (draft: ReviewDraft, text: string): ReviewDraft => ({
  ...draft,
  missingText: text,
  review: { ...draft.review, missing: Math.max(draft.review.missing, linesOf(text).length) },
});

/** The non-empty lines of a text box, trimmed. */
const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
