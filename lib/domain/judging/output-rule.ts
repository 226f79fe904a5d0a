import { z } from "zod";

/**
 * How a reply becomes a level: the last match of a regular expression (its `level` group, else its
 * first group, else the whole match), or a field of the JSON object in the reply (a dotted path).
 * `map` names levels by the words a reply uses ("yes" -> "1"); otherwise the text must be a level's
 * value, its position on the scale, or its label.
 */
export const outputRuleSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("regex"),
    pattern: z.string().min(1).max(1000),
    ignoreCase: z.boolean().default(true),
    map: z.record(z.string(), z.string()).default({}),
  }),
  z.object({
    kind: z.literal("json"),
    field: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, "a field name, or names joined by dots"),
    map: z.record(z.string(), z.string()).default({}),
  }),
]);
export type OutputRule = z.infer<typeof outputRuleSchema>;
