import { z } from "zod";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { passageDisplaySchema } from "@/lib/domain/passages/passage-kind";

/** A study a researcher or admin creates on the Studies page (or with `assay studies create`). */
export const newStudySchema = z.object({
  name: z.string().trim().min(1, "Name the study").max(120),
  description: z.string().trim().max(5000).default(""),
});
export type NewStudy = z.input<typeof newStudySchema>;

export const createdStudySchema = z.object({ id: z.number(), slug: z.string(), name: z.string() });
export type CreatedStudy = z.infer<typeof createdStudySchema>;

export const studyIdParamsSchema = z.object({ studyId: z.coerce.number().int().positive() });

/** What a study's researchers may change of it: how its passages are shown. */
export const studySettingsSchema = z.object({ passageDisplay: passageDisplaySchema });
export type StudySettings = z.infer<typeof studySettingsSchema>;

export const studySummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  counts: z.object({ queries: z.number(), documents: z.number(), campaigns: z.number(), members: z.number() }),
});
export type StudySummary = z.infer<typeof studySummarySchema>;

/**
 * What every page of a study shows or chooses from: its name, the members count for the study's
 * navigation, its judges and campaigns (with their item counts) for the reports' forms and defaults. Five small queries.
 */
export const studyHeaderSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  members: z.number(),
  judges: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(["human", "model"]),
      /** An annotator's own labels from the study's campaigns (its name is their email), not an imported judge. */
      annotator: z.boolean(),
    }),
  ),
  campaigns: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      taskType: taskTypeSchema,
      /** Annotators per item. */
      overlap: z.number(),
      items: z.number(),
      /** Items with at least one annotation. */
      labelled: z.number(),
      /** What its sample drew uniformly at random, pairs or whole questions, if anything (report-defaults.ts). */
      uniform: z.enum(["pairs", "questions"]).nullable(),
    }),
  ),
  /** Its nugget sets' names, the first (the default everywhere) first. */
  nuggetSets: z.array(z.string()),
  /** What the study's data can fill: nuggets (Nugget quality, Drift), side-by-side material (Preferences), federated results (Resources). */
  holds: z.object({
    nuggets: z.boolean(),
    preferences: z.boolean(),
    federated: z.boolean(),
    /** Whether the study has runs (run entries), and RAG answers: what Impact scores. */
    runs: z.boolean(),
    answers: z.boolean(),
  }),
});
export type StudyHeader = z.infer<typeof studyHeaderSchema>;

export const studyOverviewSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  passageDisplay: passageDisplaySchema,
  counts: z.object({
    queries: z.number(),
    nuggets: z.number(),
    documents: z.number(),
    poolEntries: z.number(),
    llmLabels: z.number(),
    campaigns: z.number(),
    systems: z.number(),
    responses: z.number(),
    members: z.number(),
  }),
  judges: z.array(z.object({ name: z.string(), kind: z.enum(["human", "model"]), labels: z.number() })),
  /** Whether the study holds federated results (documents from several engines, as FeB4RAG's). */
  federated: z.boolean(),
  /** Whether the study has side-by-side material: RAG answers or preference labels. */
  preferences: z.boolean(),
  campaigns: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      taskType: taskTypeSchema,
      protocol: protocolSchema,
      status: z.string(),
      items: z.number(),
    }),
  ),
});
export type StudyOverview = z.infer<typeof studyOverviewSchema>;

/** A study's judges with their labels by target type and scale: what a pipeline exports or compares. */
export const studyJudgesSchema = z.object({
  judges: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(["human", "model"]),
      labels: z.number(),
      sets: z.array(z.object({ targetType: z.string(), scale: z.string(), labels: z.number() })),
    }),
  ),
});
export type StudyJudges = z.infer<typeof studyJudgesSchema>;

/** A study's systems: their ranked runs and RAG answers. */
export const studyRunsSchema = z.object({
  runs: z.array(z.object({ system: z.string(), queries: z.number(), entries: z.number(), responses: z.number() })),
});
export type StudyRuns = z.infer<typeof studyRunsSchema>;
