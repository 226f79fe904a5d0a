import type { TaskType } from "@/lib/domain/task-types/task-type";
import { assignmentTask } from "./assignment-view";
import { comparisonTask } from "./comparison-view";
import { citationTask, relevanceTask, supportTask } from "./level-view";
import { nuggetReviewTask } from "./nugget-review-view";
import type { TaskView } from "./task-view";

/** The workspace's view of every task type; a new type is a compile error here until it has one. */
const TASK_VIEWS = {
  support: supportTask,
  relevance: relevanceTask,
  nugget_quality: nuggetReviewTask,
  preference: comparisonTask,
  nugget_assignment: assignmentTask,
  citation_support: citationTask,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each view's draft type is its own
} satisfies Record<TaskType, TaskView<any>>;

/**
 * The view of a campaign's task type. Its draft type is the view's own: the workspace keeps the
 * draft this view's startDraft made and hands only that back, so the cast below cannot mix them.
 */
export const taskViewOf = (taskType: TaskType): TaskView<unknown> => TASK_VIEWS[taskType] as TaskView<unknown>;
