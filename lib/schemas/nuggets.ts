import { z } from "zod";

/** A nugget a researcher adds to a question (e.g. a missing one an expert wrote out in a nugget review). */
export const newNuggetSchema = z.object({
  question: z.string().trim().min(1),
  text: z.string().trim().min(1).max(2000),
});
export type NewNugget = z.infer<typeof newNuggetSchema>;

export const addedNuggetSchema = z.object({ id: z.string(), position: z.number(), added: z.boolean() });
export type AddedNugget = z.infer<typeof addedNuggetSchema>;
