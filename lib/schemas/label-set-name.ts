import { z } from "zod";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { parseLabelSet } from "@/lib/domain/label-sets/registry";

/**
 * A label set's name as HTTP and the command line give it ("gpt-4o", "fused:a+b", "campaign:3"),
 * parsed once here into the value loaders and titles take; a name of a prefix's kind with the
 * wrong shape after it is refused with what one looks like.
 */
export const labelSetNameSchema = (missing: string) => z.string().trim().min(1, missing).transform(parsed);

/** The same, optional: absent or empty (a form's "none") is undefined. */
export const optionalLabelSetNameSchema = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((name, ctx) => (name ? parsed(name, ctx) : undefined));

/** Judges or one label set, comma-separated as an export names them ("gpt-4o,nist", "campaign:3"); empty is undefined. */
export const labelSetListSchema = () =>
  z
    .string()
    .optional()
    .transform((list, ctx) => {
      const names = (list ?? "")
        .split(",")
        .map((j) => j.trim())
        .filter(Boolean);
      return names.length ? names.map((name) => parsed(name, ctx)) : undefined;
    });

function parsed(name: string, ctx: z.RefinementCtx): LabelSetName {
  const set = parseLabelSet(name);
  if (!("error" in set)) return set;
  ctx.addIssue({ code: "custom", message: set.error });
  return z.NEVER;
}

/**
 * What a report form shows chosen when its search params did not parse as a whole: each of `keys`
 * that is a label set's name, parsed, else null (the form says "Choose…").
 */
export function chosenLabelSets<K extends string>(
  search: Readonly<Record<string, string | undefined>>,
  keys: readonly K[],
): Record<K, LabelSetName | null> {
  const one = (name: string | undefined) => {
    const result = labelSetNameSchema("").safeParse(name ?? "");
    return result.success ? result.data : null;
  };
  return Object.fromEntries(keys.map((k) => [k, one(search[k])])) as Record<K, LabelSetName | null>;
}
