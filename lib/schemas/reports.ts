import { z } from "zod";

export const REPORT_GROUPS = ["none", "query", "tag", "collection", "nugget_position", "criterion"] as const;

/** Two label sources (a judge's name, or "fused:<judge>+<judge>") and an optional grouping. */
export const agreementQuerySchema = z.object({
  a: z.string().trim().min(1, "choose source A"),
  b: z.string().trim().min(1, "choose source B"),
  group: z.enum(REPORT_GROUPS).default("none"),
  format: z.enum(["json", "csv"]).optional(),
});
export type AgreementQuery = z.infer<typeof agreementQuerySchema>;

const interval = z.object({
  value: z.number().nullable(),
  reason: z.string().optional(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** FreshStack's calibration table: how the humans labelled the targets the LLM called positive. */
const positivesSchema = z.object({
  llm: z.string(),
  human: z.string(),
  pairs: z.number(),
  levels: z.array(z.object({ level: z.string(), count: z.number(), share: z.number() })),
});

export const agreementReportSchema = z.object({
  sources: z.object({ a: z.string(), b: z.string() }),
  comparedOn: z.string(),
  binarized: z.boolean(),
  categories: z.array(z.string()),
  items: z.number(),
  onlyA: z.number(),
  onlyB: z.number(),
  statistics: z.array(interval.extend({ metric: z.string() })),
  bootstrap: z.object({ resamples: z.number(), seed: z.number(), level: z.number() }),
  confusion: z.array(z.array(z.number())),
  groupBy: z.enum(REPORT_GROUPS),
  groups: z.array(
    z.object({ group: z.string(), items: z.number(), agreement: z.number().nullable(), kappa: interval }),
  ),
  positives: positivesSchema.nullable(),
});
export type AgreementReport = z.infer<typeof agreementReportSchema>;

/** The annotators of one campaign compared with each other and with the campaign's LLM. */
export const campaignAgreementQuerySchema = z.object({
  campaign: z.coerce.number().int().positive("choose a campaign"),
  format: z.enum(["json", "csv"]).optional(),
});

const pairAgreement = z.object({
  items: z.number(),
  comparedOn: z.string(),
  agreement: z.number().nullable(),
  kappa: interval,
});

export const campaignAgreementReportSchema = z.object({
  campaign: z.object({ id: z.number(), name: z.string(), protocol: z.string(), phase: z.string() }),
  scaleName: z.string(),
  categories: z.array(z.string()),
  annotators: z.array(z.string()),
  /** Items with two or more annotators' labels (the ones agreement is computed on), and with one. */
  items: z.number(),
  singlyLabelled: z.number(),
  labels: z.number(),
  statistics: z.array(interval.extend({ metric: z.string() })),
  bootstrap: z.object({ resamples: z.number(), seed: z.number(), level: z.number() }),
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
});
export type CampaignAgreementReport = z.infer<typeof campaignAgreementReportSchema>;
