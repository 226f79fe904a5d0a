import { z } from "zod";

/**
 * A campaign's adjudication settings (docs/DOMAIN.md, "Adjudication"), each optional: the member
 * named adjudicator (null: the researchers only), every item through the queue, the annotators'
 * names shown, and the LLM whose label the adjudicator sees (null: none; allowed once the
 * annotators are done).
 */
export const adjudicationChangeSchema = z.object({
  adjudicatorId: z.number().int().positive().nullable().optional(),
  every: z.boolean().optional(),
  showNames: z.boolean().optional(),
  llmJudge: z.string().min(1).nullable().optional(),
});
export type AdjudicationChange = z.infer<typeof adjudicationChangeSchema>;

/** What a researcher changes on a running campaign: pause, resume or close it; its guidelines; its annotators; its adjudication. */
export const campaignChangeSchema = z
  .object({
    status: z.enum(["active", "paused", "closed"]).optional(),
    guidelines: z.string().max(20_000).optional(),
    annotatorIds: z.array(z.number().int().positive()).min(1).max(200).optional(),
    adjudication: adjudicationChangeSchema.optional(),
  })
  .refine(
    (c) =>
      c.status !== undefined ||
      c.guidelines !== undefined ||
      c.annotatorIds !== undefined ||
      c.adjudication !== undefined,
    { message: "change the status, the guidelines, the annotators or the adjudication" },
  );
export type CampaignChange = z.infer<typeof campaignChangeSchema>;

/**
 * What a researcher does with a stranded item (open seats nobody of the campaign can take):
 * give it back to the annotators who skipped it, give it to one annotator, or close it with the
 * labels it has.
 */
export const strandedActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("reopen") }),
  z.object({ action: z.literal("reassign"), userId: z.number().int().positive() }),
  z.object({ action: z.literal("close") }),
]);
export type StrandedAction = z.infer<typeof strandedActionSchema>;

export const strandedItemSchema = z.object({
  itemId: z.number(),
  position: z.number(),
  /** The item's target in words: question, nugget and chunk ids. */
  target: z.string(),
  openSeats: z.number(),
  labelledBy: z.array(z.string()),
  skippedBy: z.array(z.string()),
});
export type StrandedItem = z.infer<typeof strandedItemSchema>;
