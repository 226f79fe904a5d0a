import { z } from "zod";
import { optionalNuggetSetName } from "@/lib/domain/nuggets/nugget-sets";
import { labelSetNameSchema } from "./label-set-name";
import type { ImpactReport as BuiltImpactReport } from "@/lib/domain/impact/build-impact-report";
import { describes } from "./describes";
import { IMPACT_FAMILIES } from "@/lib/domain/impact/build-impact-report";
import { SIGNIFICANCE_TESTS } from "@/lib/domain/impact/impact-significance";

/**
 * Two label sets of a study to score its runs under (judge names, "fused:<x>+<y>", "corrected:<x>",
 * ...), with which measures (default: the first family both have labels for) and, for relevance
 * labels, trec_eval's -J (`judged=1`).
 */
export const impactQuerySchema = z.object({
  a: labelSetNameSchema("choose label set A"),
  b: labelSetNameSchema("choose label set B"),
  family: z.enum(IMPACT_FAMILIES).optional(),
  judged: z.enum(["0", "1"]).optional(),
  /** The paired significance tests: the measure (default the family's first), the test, and the pair x, y whose per-question differences are drawn. */
  measure: z.string().max(40).optional(),
  test: z.enum(SIGNIFICANCE_TESTS).optional(),
  x: z.string().max(200).optional(),
  y: z.string().max(200).optional(),
  format: z.enum(["json", "csv"]).optional(),
  /** The nugget set the nugget-based measures and nugget scores use (absent: the study's first). */
  nuggetSet: optionalNuggetSetName,
  /** Sets compared: the nugget set label set B is read with (absent: the same as A's). */
  nuggetSetB: optionalNuggetSetName,
});
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

const perSet = z.object({ a: z.number(), b: z.number() });
const scorePair = z.object({ a: z.number().nullable(), b: z.number().nullable() });
const significancePair = z.object({
  a: z.string(),
  b: z.string(),
  meanA: z.number(),
  meanB: z.number(),
  tP: z.number().nullable(),
  tPHolm: z.number().nullable(),
  randomizationP: z.number().nullable(),
  randomizationPHolm: z.number().nullable(),
});

export const impactReportSchema = describes<BuiltImpactReport>()(
  z.object({
    sets: z.object({ a: z.string(), b: z.string() }),
    /** The nugget sets whose nuggets the nugget-based measures and nugget scores use under each label set (null: the study has none). */
    nuggetSets: z.object({ a: z.string().nullable(), b: z.string().nullable() }),
    /** What the sets leave out (an adjudicated set's undecided targets, a majority's ties), in words. */
    leftOut: z.array(z.string()),
    family: z.enum(IMPACT_FAMILIES),
    /** Relevance measures with trec_eval's -J: each ranking without the documents the set does not judge. */
    judgedOnly: z.boolean(),
    /** The families both sets have labels for (the others cannot be chosen). */
    families: z.array(z.enum(IMPACT_FAMILIES)),
    metrics: z.array(z.string()),
    /** The questions scored: those both sets judged. */
    questions: z.number(),
    /** The questions the family can score: with nuggets, or with relevance labels in either set. */
    questionsTotal: z.number(),
    /** How many of those each set judged. */
    judged: perSet,
    /** Each system's score per metric under both label sets (null: the run shares no scored question). */
    systems: z.array(z.object({ name: z.string(), scores: z.record(z.string(), scorePair) })),
    kendallTauB: z.record(z.string(), z.number().nullable()),
    spearmanRho: z.record(z.string(), z.number().nullable()),
    /** Pairs of systems whose order differs between the two label sets, per metric. */
    swaps: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    /** Paired significance of every pair of runs on one measure under each set (p-values null where there is no test). */
    significance: z.object({
      measure: z.string(),
      test: z.enum(SIGNIFICANCE_TESTS),
      level: z.number(),
      questions: z.number(),
      exact: z.boolean(),
      permutations: z.number(),
      seed: z.number(),
      pairs: z.object({ a: z.array(significancePair), b: z.array(significancePair) }),
      order: z.object({ a: z.array(z.string()), b: z.array(z.string()) }),
      swaps: z.array(z.object({ x: z.string(), y: z.string(), a: z.boolean().nullable(), b: z.boolean().nullable() })),
      differences: z
        .object({
          x: z.string(),
          y: z.string(),
          questions: z.array(z.object({ question: z.string(), a: z.number(), b: z.number() })),
        })
        .nullable(),
    }),
    /** Per question, the systems' mean score on the first metric under both sets, largest change first. */
    perQuestion: z.array(z.object({ question: z.string(), a: z.number(), b: z.number() })),
    /**
     * Nugget assignments: each answer both sets assigned in full, with nuggetizer's four scores under
     * each; citation support: each answer both sets judged a pair of, with its weighted precision and
     * recall under each (null: nothing to read). By system, then question.
     */
    perAnswer: z
      .array(
        z.object({
          system: z.string(),
          question: z.string(),
          a: z.record(z.string(), z.number().nullable()),
          b: z.record(z.string(), z.number().nullable()),
        }),
      )
      .nullable(),
    /** Citation support: how far the sets agree on the pairs both judged (exact share with Wilson's interval, κ, α). */
    citationAgreement: z
      .object({
        pairs: z.number(),
        agree: z.number(),
        share: z.number().nullable(),
        low: z.number().nullable(),
        high: z.number().nullable(),
        cohenKappa: z.number().nullable(),
        alpha: z.number().nullable(),
      })
      .nullable(),
    /** FreshStack's filters (support labels): questions with no supported nugget, nuggets no chunk supports. */
    filters: z.object({ unsupportedQuestions: perSet, unsupportedNuggets: perSet, nuggets: z.number() }).nullable(),
  }),
);
