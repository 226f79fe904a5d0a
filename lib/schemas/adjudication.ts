import { z } from "zod";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import { campaignStatusSchema } from "@/lib/domain/campaigns/campaign-status";
import { scaleSchema } from "@/lib/domain/scales";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { adjudicationCountsSchema } from "./adjudication-progress";
import { itemContentSchema, llmLabelSchema } from "./campaigns";

/** The adjudicator's queue: the campaign, the counts, and the items to decide, the strongest disagreement first. */
export const adjudicationQueueSchema = z.object({
  campaign: z.object({
    id: z.number(),
    name: z.string(),
    studyName: z.string(),
    taskType: taskTypeSchema,
    status: campaignStatusSchema,
    scale: scaleSchema,
    /** The campaign's guidelines, rendered. */
    guidelinesHtml: z.string(),
    every: z.boolean(),
  }),
  counts: adjudicationCountsSchema,
  queue: z.array(
    z.object({
      itemId: z.number(),
      position: z.number(),
      /** How far apart its annotators' levels are, 0 to 1 of the scale. */
      distance: z.number(),
      /** The level decided, or null while undecided. */
      decided: z.string().nullable(),
    }),
  ),
});
export type AdjudicationQueue = z.infer<typeof adjudicationQueueSchema>;

/**
 * One item as the adjudicator sees it: as its annotators saw it, each annotator's latest label and
 * comment (named, or "Annotator 1", "Annotator 2" by the campaign's setting), the LLM's label only
 * once a researcher allowed it, and the decision if one was made. `labelsToken` names the labels
 * shown; a decision sends it back, and is refused if they changed meanwhile.
 */
export const adjudicationItemSchema = z.object({
  item: itemContentSchema,
  position: z.number(),
  labels: z.array(
    z.object({
      annotator: z.string(),
      level: z.string(),
      phase: annotationPhaseSchema,
      comment: z.string().nullable(),
    }),
  ),
  llm: llmLabelSchema.nullable(),
  decision: z
    .object({
      level: z.string(),
      reason: z.string().nullable(),
      by: z.string(),
      decidedAt: z.string(),
      llmShown: z.boolean(),
    })
    .nullable(),
  labelsToken: z.string(),
});
export type AdjudicationItemView = z.infer<typeof adjudicationItemSchema>;

/** A decision as the adjudicator sends it. */
export const saveDecisionSchema = z.object({
  level: z.string().min(1),
  reason: z
    .string()
    .max(2000)
    .nullable()
    .default(null)
    .transform((r) => (r === null || r.trim() === "" ? null : r.trim())),
  labelsToken: z.string().min(1),
});
export type SaveDecision = z.input<typeof saveDecisionSchema>;

export const savedDecisionSchema = z.object({ itemId: z.number(), level: z.string(), decidedAt: z.string() });

/** A campaign the user adjudicates (named by its researchers), for the annotate page. */
export const myAdjudicationSchema = z.object({
  id: z.number(),
  name: z.string(),
  studyName: z.string(),
  counts: adjudicationCountsSchema,
});
export type MyAdjudication = z.infer<typeof myAdjudicationSchema>;
