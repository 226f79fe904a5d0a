import { z } from "zod";
import { NUGGET_IMPORTANCES } from "../nugget-scores/nugget-scores";

/**
 * A question's nuggets as a nugget-quality campaign started with them: the question's nugget
 * version at that moment and the nuggets in order. A campaign's items keep this list, so nuggets
 * added to the question later (from the report's missing nuggets, or a re-import) never change
 * what its annotators review, and every review and report says which version it covers. A nugget's
 * TREC RAG importance is kept with it (absent in lists kept before importance was).
 */
export const nuggetListSchema = z.object({
  version: z.number().int().min(1),
  nuggets: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      text: z.string(),
      importance: z.enum(NUGGET_IMPORTANCES).nullable().optional(),
    }),
  ),
});
export type NuggetList = z.infer<typeof nuggetListSchema>;

/** The list an item stored as JSON, or null for items made before lists were kept (they read the question's current nuggets). */
export function parseNuggetList(json: string | null): NuggetList | null {
  if (json === null) return null;
  const parsed = nuggetListSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
