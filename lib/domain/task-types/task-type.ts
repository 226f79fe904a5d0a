import { z } from "zod";
import type { SampleKind } from "../campaigns/sampling";
import type { NuggetReview } from "../nuggets/nugget-review";
import type { Criterion } from "../preferences/criteria";
import type { NuggetAssignment } from "../nugget-scores/nugget-scores";
import type { BuiltinScaleId, Scale } from "../scales";

/**
 * The item kinds Assay annotates (docs/DOMAIN.md, "Tasks"). Each is one module of this folder,
 * collected in TASK_TYPES (registry.ts); a new one is a compile error until every registry has it.
 */
export const taskTypeSchema = z.enum([
  "nugget_quality",
  "support",
  "relevance",
  "preference",
  "nugget_assignment",
  "citation_support",
]);
export type TaskType = z.infer<typeof taskTypeSchema>;

/** A preference as its annotator sees it: "1" (left), "2" (right) or "none" per criterion. */
export type ScreenChoice = "1" | "2" | "none";

/**
 * An annotator's saved label as the workspace shows it back: the level (support, relevance), the
 * review (nugget quality) or the choices by screen position (preference); the others null.
 */
export type SavedView = {
  level: string | null;
  review: NuggetReview | null;
  preference: { choices: Record<string, ScreenChoice>; justifications: Record<string, string> } | null;
  /** A nugget assignment: each nugget's level, by nugget id. */
  assignments?: Record<string, NuggetAssignment> | null;
};

/** What a draft and a payload are made from besides the annotator's input: the item and its campaign. */
export type DraftContext = {
  /** The ids of the nuggets under review, in order (nugget quality). */
  nuggetIds: readonly string[];
  criteria: readonly Criterion[];
  /** The token of the order the two answers are shown in (preference). */
  sides: string | null;
};

/**
 * One task type. Its payload is what a save sends (discriminated by `taskType`); its draft is what
 * the annotator is entering on the item shown, started from their latest saved label.
 */
export type TaskTypeDefinition<Id extends TaskType, Draft, PayloadSchema extends z.ZodType<{ taskType: Id }>> = {
  id: Id;
  label: string;
  /** The campaign form's menu entry: its name and the question its annotators answer. */
  menu: string;
  /**
   * What one item is: a pair (a nugget or question with one chunk) judged on a scale, a whole
   * question (its nuggets reviewed together), a request answered by two systems, one system's
   * answer (its nuggets assigned), or a sentence of an answer with one passage it cites.
   */
  unit: "pair" | "question" | "request" | "answer" | "citation";
  /** A pair task's targets (targets.ts): does the chunk support the nugget, is it relevant to the question. */
  pairTarget: "nugget_document" | "query_document" | null;
  defaultScaleId: BuiltinScaleId;
  /** The report a campaign of this type is read in (its slug). */
  report: "campaign-agreement" | "nugget-quality" | "preferences" | "impact";
  /** The samples a campaign of this type draws, in its own words. */
  sampleLabels: Partial<Record<SampleKind, string>>;
  /** What the annotator sees besides the question: the gold answer and the nugget list, the two answers. */
  shows: { answer: boolean; nuggetList: boolean; responses: boolean };
  payloadSchema: PayloadSchema;
  /** A stored annotation's payload as its annotator's workspace shows it back. */
  savedView(stored: unknown, scale: Scale): SavedView;
  startDraft(saved: SavedView | undefined, context: DraftContext): Draft;
  /** What a save sends for the draft; null until the draft is complete. */
  payloadOf(draft: Draft, context: DraftContext): z.infer<PayloadSchema> | null;
};

/** Ends an exhaustive switch: a value left unhandled is a compile error here. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
