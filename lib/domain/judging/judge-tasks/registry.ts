import type { JudgeTask, JudgeTaskDefinition } from "./judge-task";
import { citationSupport } from "./citation-support";
import { nuggetAssignment } from "./nugget-assignment";
import { nuggetCreation, nuggetImportance } from "./nugget-creation";
import { preference } from "./preference";
import { relevance } from "./relevance";
import { support } from "./support";

/**
 * Every judge task by its id. `satisfies` makes a missing or mistyped entry a compile error. Code
 * asks an entry (`JUDGE_TASKS[t].unit`, `.bothOrders`, `.readReply`) instead of comparing a task
 * with a literal.
 */
export const JUDGE_TASKS = {
  relevance,
  support,
  preference,
  nugget_assignment: nuggetAssignment,
  citation_support: citationSupport,
  nugget_creation: nuggetCreation,
  nugget_importance: nuggetImportance,
} satisfies { [Id in JudgeTask]: JudgeTaskDefinition<Id> };

/** A judge task without its own id type, for code that only reads its description. */
export type AnyJudgeTask = (typeof JUDGE_TASKS)[JudgeTask];

/** The judge tasks in menu order. */
export const judgeTaskList = (): AnyJudgeTask[] => Object.values(JUDGE_TASKS);

/** The judge task of a stored run or template (its task is one of judgeTaskSchema's). */
export function judgeTaskOf(id: string): AnyJudgeTask {
  const task = (JUDGE_TASKS as Record<string, AnyJudgeTask | undefined>)[id];
  if (!task) throw new Error(`unknown judge task "${id}"`);
  return task;
}

/** The judge task that judges pairs of this kind (a relevance task for "qd:" pairs); null when none does. */
export const judgeTaskOfPairs = (pairTarget: "query_document" | "nugget_document"): AnyJudgeTask | null =>
  judgeTaskList().find((t) => t.pairTarget === pairTarget) ?? null;
