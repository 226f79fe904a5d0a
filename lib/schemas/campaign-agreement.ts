import { z } from "zod";
import type { CampaignAgreementReport as BuiltCampaignAgreementReport } from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { describes } from "./describes";
import { bootstrapSchema, intervalSchema, positivesSchema, statisticSchema } from "./agreement";

/** The annotators of one campaign compared with each other and with the campaign's LLM. */
export const campaignAgreementQuerySchema = z.object({
  campaign: z.coerce.number().int().positive("choose a campaign"),
  format: z.enum(["json", "csv"]).optional(),
});

const pairAgreement = z.object({
  items: z.number(),
  comparedOn: z.string(),
  agreement: z.number().nullable(),
  kappa: intervalSchema,
});

export const campaignAgreementReportSchema = describes<BuiltCampaignAgreementReport>()(
  z.object({
    campaign: z.object({ id: z.number(), name: z.string(), protocol: z.string(), phase: z.string() }),
    scaleName: z.string(),
    categories: z.array(z.string()),
    annotators: z.array(z.string()),
    /** Items with two or more annotators' labels (the ones agreement is computed on), and with one. */
    items: z.number(),
    singlyLabelled: z.number(),
    labels: z.number(),
    statistics: z.array(statisticSchema),
    bootstrap: bootstrapSchema,
    coincidences: z.array(z.array(z.number())),
    pairs: z.array(pairAgreement.extend({ a: z.string(), b: z.string() })),
    llm: z
      .object({
        judge: z.string(),
        comparedOn: z.string(),
        overall: pairAgreement,
        annotators: z.array(pairAgreement.extend({ annotator: z.string() })),
        positives: positivesSchema.nullable(),
      })
      .nullable(),
  }),
);
