import { z } from "zod";

/** A side-by-side criterion: a stable id (stored with every choice), a name and the definition annotators read. */
export const criterionSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "a criterion id is lowercase letters, digits, - and _"),
  name: z.string().trim().min(1).max(60),
  definition: z.string().trim().max(1000),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const criteriaSchema = z
  .array(criterionSchema)
  .min(1, "choose at least one criterion")
  .max(9, "at most nine criteria (one key each)")
  .refine((c) => new Set(c.map((x) => x.id)).size === c.length, { message: "criterion ids must be distinct" });

/** FeB4RAG's four criteria (section 6), in the order of its `chosen_sources`. */
export const DEFAULT_CRITERIA: Criterion[] = [
  {
    id: "coverage",
    name: "Coverage",
    definition: "How much of the information presented is pertinent to the user's information need.",
  },
  {
    id: "consistency",
    name: "Consistency",
    definition: "Whether the information provided is consistent with the cited sources.",
  },
  {
    id: "correctness",
    name: "Correctness",
    definition: "Whether the information is factually correct, reliable and addresses the user's information need.",
  },
  {
    id: "clarity",
    name: "Clarity",
    definition: "Whether the information is clear and easy to understand for the user.",
  },
];

/** A preference on one criterion: system A, system B, or neither. */
export const choiceSchema = z.enum(["a", "b", "none"]);
export type Choice = z.infer<typeof choiceSchema>;
