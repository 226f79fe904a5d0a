import { labelsOnScale } from "./registry";
import type { TaskType } from "./task-type";

/**
 * Whether a campaign's disagreements can be adjudicated (docs/DOMAIN.md, "Adjudication"): its
 * annotators label on a scale (relevance, support, citation support: one level per item; nugget
 * assignment: one per nugget of an answer) and two or more of them label each item.
 */
export const adjudicable = (taskType: TaskType, overlap: number): boolean => labelsOnScale(taskType) && overlap >= 2;

/** Why a campaign has no adjudication, for a refusal. */
export const notAdjudicable = (campaignName: string): string =>
  `campaign "${campaignName}" has no adjudication: only a relevance, support, citation support or nugget assignment campaign with two or more annotators per item has one`;
