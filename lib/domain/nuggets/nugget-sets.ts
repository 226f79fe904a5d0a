import { z } from "zod";

/**
 * Where a nugget set came from: a file or a bundle (import), a nugget quality campaign's reviewed
 * result (review), an LLM's nuggets (llm).
 */
export const NUGGET_SET_SOURCES = ["import", "review", "llm"] as const;
export type NuggetSetSource = (typeof NUGGET_SET_SOURCES)[number];
export const nuggetSetSourceSchema = z.enum(NUGGET_SET_SOURCES);

/** The campaign tasks whose items show a nugget set's nuggets (and the judge tasks of the same names). */
export const NUGGET_SET_TASKS: readonly string[] = ["nugget_quality", "nugget_assignment", "support"];

/** The name of the set a study's nuggets go to when none is named and it has none yet. */
export const FIRST_NUGGET_SET = "main";

/** A nugget set's name as a user gives it (an import option, a reviewed set's name). */
export const nuggetSetNameSchema = z
  .string()
  .trim()
  .min(1, "a nugget set needs a name")
  .max(100, "a nugget set's name has at most 100 characters");

/** A nugget set's name in a query string or form, where "" (a menu's default) means none. */
export const optionalNuggetSetName = z.preprocess((v) => (v === "" ? undefined : v), nuggetSetNameSchema.optional());
