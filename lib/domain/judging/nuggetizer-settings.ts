import { z } from "zod";
import { DEFAULT_TRIES, NUGGETIZER_DEFAULTS } from "./nuggetizer-prompts";

/**
 * How a nuggetizer run (nugget_creation, nugget_importance) works each question, as a researcher
 * sets it: the label set whose relevant passages creation reads and the level from which a passage
 * is relevant, the window size, the most nuggets a list keeps, and the tries a window makes.
 */
export const nuggetizerOptionsSchema = z.object({
  /** Creation: the label set (a judge's name, a campaign's, ...) whose relevant passages it reads. */
  labelSet: z.string().trim().min(1, "choose the label set whose relevant passages the LLM reads").max(300).optional(),
  /** Creation: a passage is relevant from this level of the label set's scale (its position: 0, 1, 2, ...). */
  level: z.number().int().min(0).max(20).default(2),
  windowSize: z.number().int().min(1).max(100).default(NUGGETIZER_DEFAULTS.windowSize),
  maxNuggets: z.number().int().min(1).max(200).default(NUGGETIZER_DEFAULTS.maxNuggets),
  maxTries: z.number().int().min(1).max(NUGGETIZER_DEFAULTS.maxTrials).default(DEFAULT_TRIES),
});
export type NuggetizerOptions = z.infer<typeof nuggetizerOptionsSchema>;

/**
 * What a run stores (JudgeRun.options): its settings, and for creation the passages each question's
 * calls read (document ids by question id, in the label set's order), fixed when the run starts so
 * that labels added later do not change what a resumed run reads.
 */
export const nuggetizerSettingsSchema = nuggetizerOptionsSchema.extend({
  passages: z.record(z.string(), z.array(z.number().int())).default({}),
});
export type NuggetizerSettings = z.infer<typeof nuggetizerSettingsSchema>;
