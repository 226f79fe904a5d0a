import { z } from "zod";
import { labelSetNameSchema } from "./label-set-name";
import type { AgreementReport as BuiltAgreementReport } from "@/lib/domain/agreement/build-agreement-report";
import { TARGET_PREFIX, type TargetType } from "@/lib/domain/targets";

const TARGET_TYPES = Object.keys(TARGET_PREFIX) as [TargetType, ...TargetType[]];
import { describes } from "./describes";

export const REPORT_GROUPS = ["none", "query", "tag", "collection", "nugget_position", "criterion"] as const;

/** Two label sets (lib/domain/label-sets/registry.ts names them) and an optional grouping. */
export const agreementQuerySchema = z.object({
  a: labelSetNameSchema("choose source A"),
  b: labelSetNameSchema("choose source B"),
  group: z.enum(REPORT_GROUPS).default("none"),
  format: z.enum(["json", "csv"]).optional(),
});
export type AgreementQuery = z.infer<typeof agreementQuerySchema>;

export const intervalSchema = z.object({
  value: z.number().nullable(),
  reason: z.string().optional(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Why the interval is withheld though the value stands (too few items: how many more). */
  withheld: z.string().optional(),
});

/** A report's bootstrap as it states it: REPORT_BOOTSTRAP. */
export const bootstrapSchema = z.object({
  resamples: z.number(),
  seed: z.number(),
  level: z.number(),
  minUnits: z.number(),
});

/** One named agreement statistic with its interval, as every report's statistics tables list them. */
export const statisticSchema = intervalSchema.extend({ metric: z.string() });

/** FreshStack's calibration table: how the humans labelled the targets the LLM called positive. */
export const positivesSchema = z.object({
  llm: z.string(),
  human: z.string(),
  pairs: z.number(),
  levels: z.array(z.object({ level: z.string(), count: z.number(), share: z.number() })),
});

export const agreementReportSchema = describes<BuiltAgreementReport<(typeof REPORT_GROUPS)[number]>>()(
  z.object({
    sets: z.object({ a: z.string(), b: z.string() }),
    comparedOn: z.string(),
    binarized: z.boolean(),
    categories: z.array(z.string()),
    items: z.number(),
    /** The targets both sets labelled by kind (TARGET_PREFIX's kinds): several kinds are pooled into the figures. */
    targetKinds: z.array(z.object({ kind: z.enum(TARGET_TYPES), items: z.number() })),
    leftOut: z.array(z.string()),
    onlyA: z.number(),
    onlyB: z.number(),
    statistics: z.array(statisticSchema),
    bootstrap: bootstrapSchema,
    confusion: z.array(z.array(z.number())),
    groupBy: z.enum(REPORT_GROUPS),
    groups: z.array(
      z.object({
        group: z.string(),
        items: z.number(),
        comparedOn: z.string(),
        agreement: z.number().nullable(),
        kappa: intervalSchema,
      }),
    ),
    positives: positivesSchema.nullable(),
    /** How the LLM leans against people, when one source is an LLM and the other people. */
    bias: z
      .object({
        llm: z.string(),
        leniency: intervalSchema,
        levels: z.array(z.object({ level: z.string(), llm: z.number(), people: z.number(), difference: z.number() })),
        byLength: z.array(
          z.object({
            quartile: z.number(),
            from: z.number(),
            to: z.number(),
            items: z.number(),
            comparedOn: z.string(),
            agreement: z.number().nullable(),
            kappa: intervalSchema,
          }),
        ),
      })
      .nullable(),
  }),
);
