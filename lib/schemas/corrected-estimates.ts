import { z } from "zod";
import { labelSetNameSchema } from "./label-set-name";
import type { CorrectedEstimates as BuiltCorrectedEstimates } from "@/lib/domain/corrected-estimates/corrected-estimates-report";
import { describes } from "./describes";

/** An LLM label set and a human source (a judge or campaign:<id>) to correct it with. */
export const correctedEstimatesQuerySchema = z.object({
  llm: labelSetNameSchema("choose the LLM's labels"),
  human: labelSetNameSchema("choose the people's labels"),
  confidence: z.coerce.number().gt(0).lt(1).default(0.95),
  format: z.enum(["json", "csv"]).optional(),
});
export type CorrectedEstimatesQuery = z.infer<typeof correctedEstimatesQuerySchema>;

const intervalSchema = z.object({ estimate: z.number(), low: z.number(), high: z.number() });
const withheldSchema = z.object({ people: z.string().nullable(), ppi: z.string().nullable() });

export const correctedEstimatesSchema = describes<BuiltCorrectedEstimates>()(
  z.object({
    llm: z.string(),
    human: z.string(),
    kind: z.enum(["support", "relevance"]),
    confidence: z.number(),
    pairs: z.number(),
    labelled: z.number(),
    sample: z.object({ uniform: z.boolean(), why: z.string() }),
    quantities: z.array(
      z.object({
        id: z.enum(["share", "mean-level"]),
        label: z.string(),
        pairs: z.number(),
        labelled: z.number(),
        llmOnly: z.number().nullable(),
        /** The people's own mean at any number of labelled pairs; `classical` is its interval. */
        people: z.number().nullable(),
        classical: intervalSchema.nullable(),
        ppi: intervalSchema.extend({ lambda: z.number() }).nullable(),
        /** Why the people's interval and the PPI estimate are withheld, when they are. */
        withheld: withheldSchema,
        plan: z
          .object({
            pilot: z.object({ variance: z.number(), rhoSquared: z.number() }),
            now: z.number(),
            targets: z.array(
              z.object({ halfWidth: z.number(), labels: z.number().nullable(), more: z.number().nullable() }),
            ),
            curve: z.array(z.object({ n: z.number(), halfWidth: z.number() })),
          })
          .nullable(),
      }),
    ),
    /** Each run's metric corrected over questions (relevance labels and runs only). */
    runs: z
      .object({
        measure: z.string(),
        questions: z.number(),
        labelled: z.number(),
        /** Whether the questions judged whole are a uniform random sample of the questions. */
        sample: z.object({ uniform: z.boolean(), why: z.string() }),
        /** Why the people's intervals (and so the order's verdicts) and PPI are withheld, when they are. */
        withheld: withheldSchema,
        systems: z.array(
          z.object({
            system: z.string(),
            llmOnly: z.number().nullable(),
            people: z.number().nullable(),
            classical: intervalSchema.nullable(),
            ppi: intervalSchema.extend({ lambda: z.number() }).nullable(),
          }),
        ),
        adjacent: z.array(
          z.object({
            upper: z.string(),
            lower: z.string(),
            llmOnly: z.number().nullable(),
            people: z.number().nullable(),
            classical: intervalSchema.nullable(),
            ppi: intervalSchema.extend({ lambda: z.number() }).nullable(),
            holds: z.boolean().nullable(),
          }),
        ),
      })
      .nullable(),
  }),
);
