import { z } from "zod";
import type { NuggetQualityReport as BuiltNuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { describes } from "./describes";
import { statisticSchema } from "./agreement";

/** A nugget-quality campaign's report, with an optional support campaign of the same study for the judgment side of FreshStack's Table 5. */
export const nuggetQualityQuerySchema = z.object({
  campaign: z.coerce.number().int().positive("choose a nugget-quality campaign"),
  support: z.coerce.number().int().positive().optional(),
  format: z.enum(["json", "csv"]).optional(),
});
export type NuggetQualityQuery = z.infer<typeof nuggetQualityQuerySchema>;

const statistic = z.object({ value: z.number().nullable(), reason: z.string().optional() });
const quality = z.object({ nuggets: z.number(), precision: statistic, recall: statistic, groundedness: statistic });

export const nuggetQualityReportSchema = describes<BuiltNuggetQualityReport>()(
  z.object({
    /** The campaign, with the nugget set it reviews (null: none recorded). */
    campaign: z.object({ id: z.number(), name: z.string(), nuggetSet: z.string().nullable() }),
    reviews: z.number(),
    questions: z.number(),
    /** Micro: every nugget counted once over all reviews; macro: the mean over reviews (one annotator's review of one question). */
    overall: z.object({ micro: quality, macro: quality }),
    perAnnotator: z.array(z.object({ annotator: z.string(), reviews: z.number(), micro: quality, macro: quality })),
    /**
     * Per question, pooled over its reviewers: marks summed, C summed, the metrics from the summed
     * counts; the version of the nugget list reviewed (null for campaigns older than versions) and the question's current one.
     */
    perQuestion: z.array(
      z.object({
        question: z.string(),
        title: z.string(),
        nuggets: z.number(),
        nuggetVersion: z.number().nullable(),
        currentNuggetVersion: z.number(),
        reviews: z.number(),
        hallucinated: z.number(),
        redundant: z.number(),
        missing: z.number(),
        quality,
      }),
    ),
    byPosition: z.array(
      z.object({ position: z.number(), nuggets: z.number(), precision: z.number(), groundedness: z.number() }),
    ),
    /** The same by the nuggets' TREC RAG importance (only the kinds some nugget has). */
    byImportance: z.array(
      z.object({
        importance: z.enum(["vital", "okay", "not graded"]),
        nuggets: z.number(),
        precision: z.number(),
        groundedness: z.number(),
      }),
    ),
    /** Of the nuggets marked minor or redundant, the share that were their question's last. */
    lastNuggetShare: statistic,
    /** Between annotators, when some nuggets have two or more reviews: on A, on B (per nugget) and on C (per question). */
    agreement: z
      .object({
        nuggets: z.number(),
        questions: z.number(),
        hallucinated: z.array(statisticSchema),
        redundant: z.array(statisticSchema),
        missing: z.array(statisticSchema),
      })
      .nullable(),
    /** FreshStack's Table 5, judgment side: how a support campaign's annotators labelled the pairs its LLM called positive. */
    judgment: z
      .object({
        campaign: z.object({ id: z.number(), name: z.string() }),
        llm: z.string(),
        pairs: z.number(),
        levels: z.array(z.object({ level: z.string(), count: z.number(), share: z.number() })),
      })
      .nullable(),
    /** Why the judgment side is empty although a support campaign was chosen (no LLM, no labels yet). */
    judgmentNote: z.string().nullable(),
    /** The missing nuggets annotators wrote out; `nugget` names the question's nugget with that text once it was added to the study. */
    missingNuggets: z.array(
      z.object({ question: z.string(), annotator: z.string(), text: z.string(), nugget: z.string().nullable() }),
    ),
  }),
);
