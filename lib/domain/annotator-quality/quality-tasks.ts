import { TASK_TYPES } from "../task-types/registry";
import type { TaskType } from "../task-types/task-type";

/**
 * The campaigns the annotator quality page reports on: those whose annotators give a level per
 * item (a support or relevance pair, a cited sentence's passage) or per nugget of an answer (a
 * nugget assignment, each nugget in its answer a unit of its own).
 */
export const hasAnnotatorQuality = (taskType: TaskType): boolean =>
  ["pair", "citation", "answer"].includes(TASK_TYPES[taskType].unit);
