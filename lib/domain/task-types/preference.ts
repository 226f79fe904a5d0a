import { z } from "zod";
import { REQUEST_SAMPLE_LABELS } from "../campaigns/sampling";
import { screenChoices, screenPreferenceSchema, storedPreferenceSchema } from "../preferences/judgment";
import type { ScreenChoice, TaskTypeDefinition } from "./task-type";

/** The draft of a comparison: a choice and an optional justification per criterion, and the criterion in focus. */
export type PreferenceDraft = {
  choices: Record<string, ScreenChoice>;
  justifications: Record<string, string>;
  focus: number;
};

const payloadSchema = screenPreferenceSchema.extend({ taskType: z.literal("preference") });

/**
 * Two systems' answers to a request side by side (docs/DOMAIN.md, "Preferences"): per criterion,
 * Response 1, Response 2 or no preference. The annotator never learns which system is which.
 */
export const preference: TaskTypeDefinition<"preference", PreferenceDraft, typeof payloadSchema> = {
  id: "preference",
  label: "Side-by-side preference",
  menu: "Preference: which of two systems' answers is better, per criterion?",
  unit: "request",
  pairTarget: null,
  defaultScaleId: "binary",
  report: "preferences",
  sampleLabels: REQUEST_SAMPLE_LABELS,
  shows: { answer: false, nuggetList: false, responses: true },
  payloadSchema,
  savedView: (stored) => {
    const saved = storedPreferenceSchema.parse(stored);
    return {
      level: null,
      review: null,
      preference: { choices: screenChoices(saved), justifications: saved.justifications },
    };
  },
  startDraft: (saved) => ({
    choices: saved?.preference?.choices ?? {},
    justifications: saved?.preference?.justifications ?? {},
    focus: 0,
  }),
  payloadOf: (draft, { criteria, sides }) =>
    sides === null || criteria.some((c) => !draft.choices[c.id])
      ? null
      : { taskType: "preference", sides, choices: draft.choices, justifications: draft.justifications },
};

/** Moves the focus to the previous or next criterion. */
export const focusCriterion = (draft: PreferenceDraft, step: -1 | 1, criteria: number): PreferenceDraft => ({
  ...draft,
  focus: Math.min(Math.max(draft.focus + step, 0), criteria - 1),
});

/** Chooses on a criterion and moves on to the next, so the keys 1 / 2 / 0 alone go down the list. */
export function choose(
  draft: PreferenceDraft,
  criteria: readonly { id: string }[],
  criterion: string,
  choice: ScreenChoice,
): PreferenceDraft {
  const index = criteria.findIndex((c) => c.id === criterion);
  return {
    ...draft,
    choices: { ...draft.choices, [criterion]: choice },
    focus: Math.min(index + 1, criteria.length - 1),
  };
}

/** Sets a criterion's justification. */
export const justify = (draft: PreferenceDraft, criterion: string, text: string): PreferenceDraft => ({
  ...draft,
  justifications: { ...draft.justifications, [criterion]: text },
});
