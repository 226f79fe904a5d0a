import { z } from "zod";
import { citationSupport } from "./citation-support";
import { nuggetAssignment } from "./nugget-assignment";
import { nuggetQuality } from "./nugget-quality";
import { preference } from "./preference";
import { relevance } from "./relevance";
import { support } from "./support";
import type { TaskType, TaskTypeDefinition } from "./task-type";

/**
 * Every task type by its id. `satisfies` makes a missing or mistyped entry a compile error, and
 * each entry keeps its own draft and payload types (TASK_TYPES.preference.startDraft gives a PreferenceDraft).
 */
export const TASK_TYPES = {
  support,
  relevance,
  nugget_quality: nuggetQuality,
  preference,
  nugget_assignment: nuggetAssignment,
  citation_support: citationSupport,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry's draft type is its own
} satisfies { [Id in TaskType]: TaskTypeDefinition<Id, any, z.ZodType<{ taskType: Id }>> };

/** A task type without its own draft and payload types, for code that only reads its description. */
export type AnyTaskType = (typeof TASK_TYPES)[TaskType];

/** What a save sends: one task type's payload, discriminated by `taskType`. */
export const annotationPayloadSchema = z.discriminatedUnion("taskType", [
  support.payloadSchema,
  relevance.payloadSchema,
  nuggetQuality.payloadSchema,
  preference.payloadSchema,
  nuggetAssignment.payloadSchema,
  citationSupport.payloadSchema,
]);
export type AnnotationPayload = z.infer<typeof annotationPayloadSchema>;

export const taskTypeLabel = (taskType: TaskType): string => TASK_TYPES[taskType].label;

/** The task types in menu order (the campaign form's menu). */
export const taskTypeList = (): AnyTaskType[] => Object.values(TASK_TYPES);

/** The pair task whose items are pairs of this kind (relevance for (question, chunk) pairs). */
export function pairTaskOf(pairTarget: "query_document" | "nugget_document"): TaskType {
  const task = taskTypeList().find((t) => t.pairTarget === pairTarget);
  if (!task) throw new Error(`no task type labels ${pairTarget} pairs`);
  return task.id;
}

/**
 * Whether a campaign of this type labels pairs on a scale (support, relevance): its annotators'
 * labels form a label set and have agreement reports. A nugget review or a preference does not.
 */
export const labelsPairs = (taskType: TaskType): boolean => TASK_TYPES[taskType].unit === "pair";

/**
 * Whether a campaign of this task gives labels on a scale, one per target (a pair's level, each
 * nugget's assignment in an answer, or a cited sentence's support): its annotators' majority is a
 * label set, "campaign:<id>".
 */
export const labelsOnScale = (taskType: TaskType): boolean =>
  ["pair", "answer", "citation"].includes(TASK_TYPES[taskType].unit);
