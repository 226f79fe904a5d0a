import { z } from "zod";
import type { JudgeAgreement as BuiltJudgeAgreement } from "@/lib/domain/judge-agreement/build-judge-agreement";
import { describes } from "./describes";
import { bootstrapSchema, intervalSchema, statisticSchema } from "./agreement";

/** Every judge against one reference judge; `measure` ranks the systems (a trec_eval measure, nDCG@10 by default). */
export const judgeAgreementQuerySchema = z.object({
  reference: z.string().trim().min(1, "choose the reference judge"),
  measure: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "ndcg@10"),
  format: z.enum(["json", "csv"]).optional(),
});
export type JudgeAgreementQuery = z.infer<typeof judgeAgreementQuerySchema>;

export const judgeAgreementSchema = describes<BuiltJudgeAgreement>()(
  z.object({
    reference: z.string(),
    bootstrap: bootstrapSchema,
    levels: z.array(z.string()).nullable(),
    measure: z.string(),
    systems: z.array(z.object({ system: z.string(), reference: z.number().nullable() })).nullable(),
    judges: z.array(
      z.object({
        judge: z.string(),
        kind: z.enum(["model", "human"]),
        items: z.number(),
        comparedOn: z.string(),
        statistics: z.array(statisticSchema),
        binarized: z.array(z.object({ level: z.string(), kappa: intervalSchema })),
        ranking: z
          .object({
            systems: z.number(),
            tau: z.number().nullable(),
            rho: z.number().nullable(),
            scores: z.record(z.string(), z.number().nullable()),
          })
          .nullable(),
      }),
    ),
  }),
);
