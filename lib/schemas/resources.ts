import { z } from "zod";
import type { ResourceReport as BuiltResourceReport } from "@/lib/domain/resources/build-resources-report";
import { describes } from "./describes";
import { impactQuerySchema } from "./impact";

/** Two label sets to compare a federated study's resources under, and the export format. */
export const resourceQuerySchema = impactQuerySchema.extend({ format: z.enum(["json", "csv"]).optional() });

const perSet = <T extends z.ZodType>(t: T) => z.object({ a: t, b: t });

export const resourceReportSchema = describes<BuiltResourceReport>()(
  z.object({
    sets: z.object({ a: z.string(), b: z.string() }),
    engines: z.array(z.string()),
    requests: z.number(),
    /** (request, engine) pairs with no score under a set because a result has no 0-3 grade there. */
    unscored: perSet(z.number()),
    /** Each engine's mean graded precision and the number of requests where it scores best. */
    perEngine: z.array(z.object({ engine: z.string(), mean: perSet(z.number().nullable()), best: perSet(z.number()) })),
    /** Requests by the number of engines holding relevant results. */
    relevantEngines: z.array(z.object({ engines: z.number(), a: z.number(), b: z.number() })),
    /** Mean over requests of Kendall's tau-b between the engines' scores, and the requests whose order of engines differs. */
    meanTauB: z.number().nullable(),
    reordered: z.number(),
    /** Every request: its text, the engines with relevant results, tau-b, total change; largest change first. */
    perRequest: z.array(
      z.object({
        request: z.string(),
        text: z.string(),
        relevantEngines: perSet(z.number()),
        tauB: z.number().nullable(),
        change: z.number(),
      }),
    ),
    /** Every (request, engine) score under both sets (FeB4RAG's resource scores). */
    scores: z.array(
      z.object({
        request: z.string(),
        engine: z.string(),
        results: z.number(),
        a: z.number().nullable(),
        b: z.number().nullable(),
      }),
    ),
  }),
);
