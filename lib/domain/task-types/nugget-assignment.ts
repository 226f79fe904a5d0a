import { z } from "zod";
import { ANSWER_SAMPLE_LABELS } from "../campaigns/sampling";
import { NUGGET_ASSIGNMENTS, type NuggetAssignment } from "../nugget-scores/nugget-scores";
import type { TaskTypeDefinition } from "./task-type";

/** The draft of a nugget assignment: the item's nuggets (ids in order), each one's assignment so far, the one in focus. */
export type AssignmentDraft = { ids: readonly string[]; assignments: Record<string, NuggetAssignment>; focus: number };

/** What a save sends: an assignment for every nugget of the item's list, by nugget id. */
export const assignmentsSchema = z
  .object({ assignments: z.record(z.string().min(1), z.enum(NUGGET_ASSIGNMENTS)) })
  .strict();
const payloadSchema = z
  .object({
    taskType: z.literal("nugget_assignment"),
    assignments: z.record(z.string().min(1), z.enum(NUGGET_ASSIGNMENTS)),
  })
  .strict();

/**
 * One RAG system's answer to a question (its system never named) against the question's nuggets,
 * vital ones marked: per nugget, does the answer support it, partly, or not (the TREC RAG track's
 * nugget assignment; docs/DOMAIN.md, "Nugget scores"). Blind: the annotator's assignments are their
 * own labels of the nuggets in the answer.
 */
export const nuggetAssignment: TaskTypeDefinition<"nugget_assignment", AssignmentDraft, typeof payloadSchema> = {
  id: "nugget_assignment",
  label: "Nugget assignment",
  menu: "Nugget assignment: does a RAG answer support each of its question's nuggets?",
  unit: "answer",
  pairTarget: null,
  defaultScaleId: "nugget-assignment",
  report: "impact",
  sampleLabels: ANSWER_SAMPLE_LABELS,
  shows: { answer: false, nuggetList: true, responses: false },
  payloadSchema,
  savedView: (stored) => ({
    level: null,
    review: null,
    preference: null,
    assignments: assignmentsSchema.parse(stored).assignments,
  }),
  startDraft: (saved, { nuggetIds }) => {
    const kept = saved?.assignments ?? {};
    const assignments = Object.fromEntries(nuggetIds.flatMap((id) => (kept[id] ? [[id, kept[id]]] : [])));
    const first = nuggetIds.findIndex((id) => !assignments[id]);
    return { ids: nuggetIds, assignments, focus: first === -1 ? 0 : first };
  },
  payloadOf: (draft, { nuggetIds }) =>
    nuggetIds.length > 0 && nuggetIds.every((id) => draft.assignments[id])
      ? {
          taskType: "nugget_assignment",
          assignments: Object.fromEntries(nuggetIds.map((id) => [id, draft.assignments[id]!])),
        }
      : null,
};

/** Assigns the nugget at `index` and moves the focus to the next one, so 1 / 2 / 3 alone go down the list. */
export function assign(draft: AssignmentDraft, index: number, value: NuggetAssignment): AssignmentDraft {
  const id = draft.ids[index];
  if (id === undefined) return draft;
  return {
    ...draft,
    assignments: { ...draft.assignments, [id]: value },
    focus: Math.min(index + 1, draft.ids.length - 1),
  };
}

/** Moves the focus to the previous or next nugget. */
export const focusAssignment = (draft: AssignmentDraft, step: -1 | 1): AssignmentDraft => ({
  ...draft,
  focus: Math.min(Math.max(draft.focus + step, 0), Math.max(draft.ids.length - 1, 0)),
});

/** Why a payload does not assign exactly the item's nuggets; null when it does. */
export function assignmentMismatch(assignments: Record<string, string>, nuggetIds: readonly string[]): string | null {
  const given = Object.keys(assignments);
  const extra = given.find((id) => !nuggetIds.includes(id));
  if (extra !== undefined) return `the answer's question has no nugget "${extra}" in this campaign`;
  const missing = nuggetIds.filter((id) => !(id in assignments));
  return missing.length === 0 ? null : `${missing.length} of the ${nuggetIds.length} nuggets have no assignment`;
}
