import { z } from "zod";
import { NUGGET_IMPORTANCES } from "@/lib/domain/nugget-scores/nugget-scores";
import { nuggetSetNameSchema } from "@/lib/domain/nuggets/nugget-sets";

/** A nugget a researcher adds to a question (e.g. a missing one an expert wrote out in a nugget review). */
export const newNuggetSchema = z.object({
  question: z.string().trim().min(1),
  text: z.string().trim().min(1).max(2000),
  /** The nugget set it goes to (absent: the study's first). */
  nuggetSet: nuggetSetNameSchema.optional(),
});
export type NewNugget = z.infer<typeof newNuggetSchema>;

export const addedNuggetSchema = z.object({ id: z.string(), position: z.number(), added: z.boolean() });
export type AddedNugget = z.infer<typeof addedNuggetSchema>;

/** A researcher grades a nugget of a question (the TREC RAG track's importance), or takes the grade away (null). */
export const nuggetImportanceSchema = z.object({
  nugget: z.string().trim().min(1),
  importance: z.enum(NUGGET_IMPORTANCES).nullable(),
});
export type NuggetImportanceChange = z.infer<typeof nuggetImportanceSchema>;

export const changedNuggetSchema = z.object({
  id: z.string(),
  importance: z.enum(NUGGET_IMPORTANCES).nullable(),
  /** the version of the question's nugget list in the nugget's set after the change (raised only when the importance changed) */
  nuggetVersion: z.number(),
});
export type ChangedNugget = z.infer<typeof changedNuggetSchema>;

/** A nugget quality campaign's reviewed lists saved as a new nugget set of its study. */
export const newReviewedSetSchema = z.object({
  name: nuggetSetNameSchema,
  campaign: z.number().int().positive(),
});
export type NewReviewedSet = z.infer<typeof newReviewedSetSchema>;

export const reviewedSetSchema = z.object({
  name: z.string(),
  /** Questions in the set (the campaign's), nuggets kept and nuggets the reviewers added. */
  questions: z.number(),
  kept: z.number(),
  added: z.number(),
});
export type ReviewedSet = z.infer<typeof reviewedSetSchema>;
