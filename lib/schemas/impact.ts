import { z } from "zod";

/** Two label sets of a study to score its runs under: judge names, "fused:<x>+<y>" or "corrected:<x>". */
export const impactQuerySchema = z.object({
  a: z.string().trim().min(1, "choose label set A"),
  b: z.string().trim().min(1, "choose label set B"),
});
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

const perSet = z.object({ a: z.number(), b: z.number() });

export const impactReportSchema = z.object({
  sets: z.object({ a: z.string(), b: z.string() }),
  metrics: z.array(z.string()),
  /** The questions scored: those both sets judged (every question with nuggets when both judged all). */
  questions: z.number(),
  questionsWithNuggets: z.number(),
  /** How many questions with nuggets each set judged (any (nugget, chunk) label). */
  judged: perSet,
  /** Each system's score per metric under both label sets. */
  systems: z.array(z.object({ name: z.string(), scores: z.record(z.string(), perSet) })),
  kendallTauB: z.record(z.string(), z.number().nullable()),
  /** Pairs of systems whose order differs between the two label sets, per metric. */
  swaps: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  /** Per question, the systems' mean score on the first metric under both sets, largest change first. */
  perQuestion: z.array(z.object({ question: z.string(), a: z.number(), b: z.number() })),
  /** FreshStack's filters: questions with no supported nugget, nuggets no chunk supports. */
  filters: z.object({ unsupportedQuestions: perSet, unsupportedNuggets: perSet, nuggets: z.number() }),
});
export type ImpactReport = z.infer<typeof impactReportSchema>;
