import { z } from "zod";

/** Where a campaign's adjudication stands (lib/domain/adjudication/adjudication-queue.ts, AdjudicationCounts). */
export const adjudicationCountsSchema = z.object({
  items: z.number(),
  waiting: z.number(),
  agreed: z.number(),
  disagreements: z.number(),
  queued: z.number(),
  decided: z.number(),
  undecided: z.number(),
});

/** A campaign's adjudication settings as its researchers set them. */
export const adjudicationSettingsSchema = z.object({
  adjudicator: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  every: z.boolean(),
  showNames: z.boolean(),
  /** The LLM whose label the adjudicator sees (allowed once the annotators are done), or null. */
  llm: z.string().nullable(),
});

/** A campaign's adjudication on its page: the settings, the counts, whether the annotators are done. */
export const adjudicationProgressSchema = z.object({
  settings: adjudicationSettingsSchema,
  counts: adjudicationCountsSchema,
  /** Every item complete, or the campaign closed: a researcher may now show the adjudicator an LLM's label. */
  annotatorsDone: z.boolean(),
});
export type AdjudicationProgress = z.infer<typeof adjudicationProgressSchema>;
