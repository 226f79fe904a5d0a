import { TASK_TYPES } from "../task-types/registry";
import type { TaskType } from "../task-types/task-type";

/**
 * Whether a campaign's disagreements can be adjudicated (docs/DOMAIN.md, "Adjudication"): its task
 * gives one level per item (relevance, support, citation support: the tasks read in the Agreement
 * report) and two or more annotators label each item.
 */
export const adjudicable = (taskType: TaskType, overlap: number): boolean =>
  TASK_TYPES[taskType].report === "campaign-agreement" && overlap >= 2;

/** Why a campaign has no adjudication, for a refusal. */
export const notAdjudicable = (campaignName: string): string =>
  `campaign "${campaignName}" has no adjudication: only a relevance, support or citation support campaign with two or more annotators per item has one`;
