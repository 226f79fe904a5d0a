import { z } from "zod";
import { labelSetNameSchema } from "./label-set-name";
import type { PreferenceReport as BuiltPreferenceReport } from "@/lib/domain/preferences/build-preferences-report";
import { describes } from "./describes";
import { statisticSchema } from "./agreement";

/** Whose preferences to report: a judge's imported labels (e.g. FeB4RAG's assessors) or a preference campaign ("campaign:<id>"). */
export const preferenceQuerySchema = z.object({
  source: labelSetNameSchema("choose whose preferences to report"),
  format: z.enum(["json", "csv"]).optional(),
});
export type PreferenceQuery = z.infer<typeof preferenceQuerySchema>;

const tally = z.object({
  first: z.string(),
  second: z.string(),
  firstWins: z.number(),
  secondWins: z.number(),
  none: z.number(),
});
/** The first system's win rate over the second on the judgments that preferred one (no-preferences left out), with Wilson's 95% interval. */
const winRate = z.object({
  first: z.string(),
  second: z.string(),
  decided: z.number(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

export const preferenceReportSchema = describes<BuiltPreferenceReport>()(
  z.object({
    source: z.string(),
    criteria: z.array(z.object({ id: z.string(), name: z.string() })),
    systems: z.array(z.string()),
    judgments: z.number(),
    items: z.number(),
    annotators: z.number(),
    perCriterion: z.array(
      z.object({ criterion: z.string(), name: z.string(), pairs: z.array(tally), winRates: z.array(winRate) }),
    ),
    /** The verdict per judgment: the system preferred on more criteria, a tie being no preference. */
    verdict: z.object({ pairs: z.array(tally), winRates: z.array(winRate) }),
    /** Verdicts per group (the request's collection). */
    perGroup: z.array(z.object({ group: z.string(), pairs: z.array(tally) })),
    /** How often the response on the left was chosen, over the choices for a side where sides are known (null: none known). */
    positionBias: z
      .object({ decided: z.number(), left: z.number(), share: z.number(), low: z.number(), high: z.number() })
      .nullable(),
    /** Agreement between annotators per criterion over the items two or more judged (null: none). */
    agreement: z
      .array(z.object({ criterion: z.string(), items: z.number(), statistics: z.array(statisticSchema) }))
      .nullable(),
    /** Bradley-Terry strengths from the verdicts, when more than two systems are compared. */
    bradleyTerry: z.array(z.object({ system: z.string(), strength: z.number() })).nullable(),
  }),
);
