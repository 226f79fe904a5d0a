import { z } from "zod";
import { ALT_TEST_DEFAULTS } from "@/lib/domain/alt-test/alt-test";
import type { AltTestReport as BuiltAltTestReport } from "@/lib/domain/alt-test/build-alt-test-report";
import { describes } from "./describes";

/** An empty field of the report's form is the default, as an absent one. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/**
 * The Alternative Annotator Test of one campaign: ε (the paper's rule of thumb: 0.2 experts, 0.15
 * skilled annotators, 0.1 crowd workers), the scoring (default by the campaign's scale), the false
 * discovery rate q, and the minimum annotators per item and items per annotator.
 */
export const altTestQuerySchema = z.object({
  campaign: z.coerce.number().int().positive("choose a campaign"),
  epsilon: optional(
    z.coerce.number().min(0, "ε is a number from 0 to 1").max(1, "ε is a number from 0 to 1"),
  ).transform((e) => e ?? 0.2),
  scoring: optional(z.enum(["accuracy", "neg-rmse"])),
  q: optional(
    z.coerce.number().gt(0, "q is a number between 0 and 1").lt(1, "q is a number between 0 and 1"),
  ).transform((q) => q ?? ALT_TEST_DEFAULTS.q),
  minHumansPerItem: optional(z.coerce.number().int().min(2, "an item needs 2 or more annotators")).transform(
    (n) => n ?? ALT_TEST_DEFAULTS.minHumansPerItem,
  ),
  minItemsPerHuman: optional(z.coerce.number().int().min(1, "a whole number of 1 or more")).transform(
    (n) => n ?? ALT_TEST_DEFAULTS.minItemsPerHuman,
  ),
  format: z.enum(["json", "csv"]).optional(),
});
export type AltTestQuery = z.infer<typeof altTestQuerySchema>;

const statistic = z.object({ value: z.number().nullable(), reason: z.string().optional() });

export const altTestReportSchema = describes<BuiltAltTestReport>()(
  z.object({
    campaign: z.object({ id: z.number(), name: z.string(), taskType: z.string(), overlap: z.number() }),
    unit: z.enum(["item", "nugget", "choice"]),
    scaleName: z.string(),
    options: z.object({
      scoring: z.enum(["accuracy", "neg-rmse"]),
      epsilon: z.number(),
      q: z.number(),
      minHumansPerItem: z.number(),
      minItemsPerHuman: z.number(),
    }),
    annotators: z.array(z.object({ annotator: z.string(), labels: z.number() })),
    sharedUnits: z.number(),
    agreement: z.object({
      units: z.number(),
      pairwiseAgreement: statistic,
      fleissKappa: statistic,
      alpha: statistic,
      alphaKind: z.string(),
    }),
    llms: z.array(
      z.object({
        judge: z.string(),
        campaignLlm: z.boolean(),
        labelled: z.number(),
        compared: z.number(),
        winningRate: z.number().nullable(),
        advantageProbability: z.number().nullable(),
        passed: z.boolean(),
        reason: z.string().nullable(),
        annotators: z.array(
          z.object({
            annotator: z.string(),
            items: z.number(),
            pValue: z.number().nullable(),
            advantageProbability: z.number(),
            won: z.boolean(),
          }),
        ),
      }),
    ),
    otherScales: z.array(z.string()),
    needs: z.string().nullable(),
  }),
);
