import { z } from "zod";
import type { AnnotatorQualityReport as BuiltAnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { intervalSchema } from "./agreement";
import { describes } from "./describes";

/** One campaign's annotators: their figures, agreement with gold, adjudicated levels and the LLM, and Dawid-Skene confusion. */
export const annotatorQualityQuerySchema = z.object({
  campaign: z.coerce.number().int().positive("choose a campaign"),
  format: z.enum(["json", "csv"]).optional(),
});

const statistic = intervalSchema;
const referenceAgreement = z.object({
  items: z.number(),
  accuracy: z.number().nullable(),
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  kappa: statistic,
});
const shares = z.record(z.string(), z.number());

export const annotatorQualityReportSchema = describes<BuiltAnnotatorQualityReport>()(
  z.object({
    campaign: z.object({ id: z.number(), name: z.string(), taskType: z.string(), overlap: z.number() }),
    unit: z.enum(["item", "nugget"]),
    scale: z.object({ name: z.string(), levels: z.array(z.object({ value: z.string(), label: z.string() })) }),
    goldItems: z.number(),
    labels: z.number(),
    everyone: shares,
    annotators: z.array(
      z.object({
        annotator: z.string(),
        labels: z.number(),
        skips: z.number(),
        medianSeconds: z.number().nullable(),
        p90Seconds: z.number().nullable(),
        levels: shares,
        longestRun: z.object({ level: z.string(), length: z.number() }).nullable(),
        drift: z.number().nullable(),
        gold: referenceAgreement,
        adjudicated: referenceAgreement.nullable(),
        llm: referenceAgreement.nullable(),
        confusion: z.record(z.string(), shares).nullable(),
      }),
    ),
    pairs: z.array(referenceAgreement.extend({ a: z.string(), b: z.string() })),
    adjudicated: z.object({ reason: z.string().nullable() }),
    llm: z.object({ judge: z.string().nullable(), reason: z.string().nullable() }),
    dawidSkene: z.object({ reason: z.string().nullable() }),
  }),
);
