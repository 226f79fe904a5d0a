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
      /** How far apart its annotators' levels are, 0 to 1 of the scale (the farthest of its targets). */
      distance: z.number(),
      /** Whether every target of it the queue asks about is decided. */
      decided: z.boolean(),
    }),
  ),
});
export type AdjudicationQueue = z.infer<typeof adjudicationQueueSchema>;

const decisionViewSchema = z.object({
  level: z.string(),
  reason: z.string().nullable(),
  by: z.string(),
  decidedAt: z.string(),
  llmShown: z.boolean(),
});

/**
 * One item as the adjudicator sees it: as its annotators saw it; the annotators who labelled it
 * (named, or "Annotator 1", "Annotator 2" by the campaign's setting) with their comments; and its
 * targets: the item's own, or each nugget of a nugget-assignment item's answer, each with every
 * annotator's latest level (in the order of `annotators`; null: they gave none), whether the queue
 * asks to decide it, the LLM's label only once a researcher allowed it, and the decision if made.
 * `labelsToken` names the labels shown; a decision sends it back, and is refused if they changed.
 */
export const adjudicationItemSchema = z.object({
  item: itemContentSchema,
  position: z.number(),
  annotators: z.array(
    z.object({ annotator: z.string(), phase: annotationPhaseSchema, comment: z.string().nullable() }),
  ),
  targets: z.array(
    z.object({
      key: z.string(),
      nugget: z.object({ id: z.string(), position: z.number(), text: z.string() }).nullable(),
      levels: z.array(z.string().nullable()),
      queued: z.boolean(),
      llm: llmLabelSchema.nullable(),
      decision: decisionViewSchema.nullable(),
    }),
  ),
  labelsToken: z.string(),
});
export type AdjudicationItemView = z.infer<typeof adjudicationItemSchema>;

/** A decision as the adjudicator sends it: the final level of each target decided (by its key), an optional reason. */
export const saveDecisionSchema = z.object({
  levels: z.record(z.string().min(1), z.string().min(1)).refine((l) => Object.keys(l).length > 0, {
    message: "decide at least one target",
  }),
  reason: z
    .string()
    .max(2000)
    .nullable()
    .default(null)
    .transform((r) => (r === null || r.trim() === "" ? null : r.trim())),
  labelsToken: z.string().min(1),
});
export type SaveDecision = z.input<typeof saveDecisionSchema>;

export const savedDecisionSchema = z.object({ itemId: z.number(), decided: z.number(), decidedAt: z.string() });

/** A campaign the user adjudicates (named by its researchers), for the annotate page. */
export const myAdjudicationSchema = z.object({
  id: z.number(),
  name: z.string(),
  studyName: z.string(),
  counts: adjudicationCountsSchema,
});
export type MyAdjudication = z.infer<typeof myAdjudicationSchema>;
