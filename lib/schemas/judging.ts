import { z } from "zod";
import { nuggetSetNameSchema } from "@/lib/domain/nuggets/nugget-sets";
import { labelSetNameSchema, optionalLabelSetNameSchema } from "./label-set-name";
import type { CalibrationReport as BuiltCalibrationReport } from "@/lib/domain/calibration/build-calibration-report";
import { describes } from "./describes";
import { sampleSpecSchema } from "@/lib/domain/campaigns/sampling";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { nuggetizerOptionsSchema } from "@/lib/domain/judging/nuggetizer-settings";
import { criterionSchema } from "@/lib/domain/preferences/criteria";
import { intervalSchema, statisticSchema } from "./agreement";

/**
 * An endpoint's base URL: http or https, without credentials, query or fragment (a key goes in
 * the endpoint's key, never in its URL; a "#", even with nothing after it, would cut off the
 * /chat/completions that calls add). Requests go to {baseUrl}/chat/completions.
 */
const baseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((text) => {
    if (text.includes("#") || text.includes("?")) return false;
    try {
      const url = new URL(text);
      return (
        (url.protocol === "http:" || url.protocol === "https:") &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, "an http:// or https:// URL without credentials, query or fragment, such as http://127.0.0.1:8000/v1");

const price = z.number().min(0, "a price is not negative").max(100_000).nullable();

/** Where an endpoint's API key comes from, as an admin sets it: a server variable (preferred), a stored key, or none. */
export const endpointKeyInputSchema = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("env"),
    variable: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, "an environment variable's name, such as ASSAY_JUDGE_KEY_OPENAI"),
  }),
  z.object({ source: z.literal("stored"), value: z.string().trim().min(1, "enter the key").max(2000) }),
  z.object({ source: z.literal("none") }),
]);

const endpointFields = {
  name: z.string().trim().min(1, "name the endpoint").max(60),
  baseUrl: baseUrlSchema,
  model: z.string().trim().min(1, "name the model").max(200),
  inputPricePerMillion: price,
  outputPricePerMillion: price,
  concurrency: z.number().int().min(1, "at least one call at a time").max(256),
  requestsPerMinute: z.number().int().min(1).max(1_000_000).nullable(),
};

/** An endpoint as an admin registers it. */
export const newEndpointSchema = z.object({
  ...endpointFields,
  apiKey: endpointKeyInputSchema,
  inputPricePerMillion: price.default(null),
  outputPricePerMillion: price.default(null),
  concurrency: endpointFields.concurrency.default(4),
  requestsPerMinute: endpointFields.requestsPerMinute.default(null),
});
export type NewEndpoint = z.input<typeof newEndpointSchema>;

/** A change to an endpoint: the fields given; its key only when `apiKey` is given. */
export const endpointChangeSchema = z
  .object({ ...endpointFields, apiKey: endpointKeyInputSchema })
  .partial()
  .refine((change) => Object.keys(change).length > 0, "change at least one field");
export type EndpointChange = z.input<typeof endpointChangeSchema>;

/** An endpoint as the API shows it: where its key comes from, never the key. */
export const endpointSchema = z.object({
  id: z.number(),
  name: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  apiKey: z.discriminatedUnion("source", [
    z.object({ source: z.literal("env"), variable: z.string(), present: z.boolean() }),
    z.object({ source: z.literal("stored") }),
    z.object({ source: z.literal("none") }),
  ]),
  inputPricePerMillion: z.number().nullable(),
  outputPricePerMillion: z.number().nullable(),
  concurrency: z.number(),
  requestsPerMinute: z.number().nullable(),
  createdAt: z.string(),
});
export type EndpointDto = z.infer<typeof endpointSchema>;

export const endpointListSchema = z.object({ endpoints: z.array(endpointSchema) });
export const endpointParamsSchema = z.object({ endpointId: z.coerce.number().int().positive() });

/** Removing an endpoint that running or paused runs use: refused unless `force=true`, which fails them. */
export const endpointRemovalQuerySchema = z.object({ force: z.enum(["true", "false"]).default("false") });

/** A check of an endpoint: one short call, and what came back. */
export const endpointCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nullable(),
  reply: z.string().nullable(),
  error: z.string().nullable(),
});
export type EndpointCheck = z.infer<typeof endpointCheckSchema>;

/** A judge template version as the API shows it: its name, its version (SHA-256 hex) and its text. */
export const templateVersionSchema = z.object({
  name: z.string(),
  version: z.string(),
  builtin: z.boolean(),
  template: judgeTemplateSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type TemplateVersionDto = z.infer<typeof templateVersionSchema>;

/** Every template: the built-in ones, then the saved ones by name, each with its versions newest first. */
export const templateListSchema = z.object({
  templates: z.array(z.object({ name: z.string(), builtin: z.boolean(), versions: z.array(templateVersionSchema) })),
});

/** A sample of a study for a judge run: a campaign's design over the pooled pairs, or the items of a campaign. */
export const judgeRunSampleSchema = z.union([
  sampleSpecSchema,
  z.object({ kind: z.literal("campaign"), campaign: z.string().trim().min(1, "name the campaign") }),
]);
export type JudgeRunSample = z.infer<typeof judgeRunSampleSchema>;

/** A judge run as a researcher starts it: which template version (NAME or NAME@version), through which endpoint, over what. */
export const newJudgeRunSchema = z.object({
  template: z.string().trim().min(1, "choose a template"),
  endpoint: z.string().trim().min(1, "choose an endpoint"),
  sample: judgeRunSampleSchema,
  /** A preference template: the systems whose answers it compares (every pair among them), and the criterion its labels are for. */
  systems: z.array(z.string().trim().min(1)).max(20).optional(),
  criterion: criterionSchema.shape.id.default("overall"),
  temperature: z.number().min(0).max(2).default(0),
  seed: z.number().int().min(0).max(2_147_483_647).nullable().default(null),
  /** A nugget assignment or support run: the nugget set it uses (absent: the study's first; a campaign's sample: the campaign's). */
  nuggetSet: nuggetSetNameSchema.optional(),
  /** A nuggetizer run (nugget_creation, nugget_importance): the label set and level creation reads, windows, maximum, tries. */
  nuggetizer: nuggetizerOptionsSchema.optional(),
});
export type NewJudgeRun = z.input<typeof newJudgeRunSchema>;

/** failed: the run ended with no call answered (its `failure` says why). */
export const JUDGE_RUN_STATUSES = ["running", "paused", "cancelled", "done", "failed"] as const;
export const JUDGE_CALL_STATUSES = ["pending", "leased", "done", "unparsed", "failed", "skipped"] as const;

/** A judge run: what made its labels, and how far it is. */
export const judgeRunSchema = z.object({
  id: z.number(),
  judge: z.string(),
  status: z.enum(JUDGE_RUN_STATUSES),
  /** A failed run's first reason. */
  failure: z.string().nullable(),
  endpoint: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  templateName: z.string(),
  templateVersion: z.string(),
  task: z.string(),
  scale: z.string(),
  sample: judgeRunSampleSchema,
  systems: z.array(z.string()).nullable(),
  criterion: z.string().nullable(),
  /** The nugget set the run reads (nugget assignment, support), writes (nugget creation) or grades (importance). */
  nuggetSet: z.string().nullable(),
  /** A nugget creation run: the nugget quality campaigns on the set it wrote (its calibration), oldest first. */
  reviews: z.array(z.object({ campaignId: z.number(), name: z.string() })),
  temperature: z.number(),
  seed: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  calls: z.record(z.enum(JUDGE_CALL_STATUSES), z.number()),
  total: z.number(),
  cachedCalls: z.number(),
  /** Done calls some of whose requests got no reply (a nuggetizer question with windows unanswered), listed among its problems. */
  incompleteCalls: z.number(),
  /** A preference run: the pairs whose two orders both parsed and disagree (position-inconsistent: no label). */
  inconsistentPairs: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** The cost of the calls whose cost is known, and how many calls' cost is unknown (a reply without token usage, or no prices). */
  cost: z.object({ known: z.number(), unknownCalls: z.number() }),
  /** Seconds until the remaining calls are done at the rate so far (null before the first reply, when nothing remains, or while it waits). */
  etaSeconds: z.number().nullable(),
  /** What a running run that stored nothing for a while is waiting for (runWaiting), else null. */
  waiting: z.string().nullable(),
});
export type JudgeRunDto = z.infer<typeof judgeRunSchema>;

/** A run's progress alone: what a waiting `assay judge run` reads each second. */
export type JudgeRunProgress = Pick<
  JudgeRunDto,
  | "id"
  | "judge"
  | "status"
  | "failure"
  | "calls"
  | "total"
  | "cachedCalls"
  | "inconsistentPairs"
  | "inputTokens"
  | "outputTokens"
  | "cost"
  | "waiting"
  | "etaSeconds"
>;

/** A call that gave no label: its reply (if any) and why. */
export const judgeCallProblemSchema = z.object({
  id: z.number(),
  targetKey: z.string(),
  /** done: a nuggetizer call some of whose windows got no reply (its error says how many). */
  status: z.enum(["unparsed", "failed", "skipped", "done"]),
  reply: z.string().nullable(),
  error: z.string().nullable(),
});

export const judgeRunDetailSchema = z.object({
  run: judgeRunSchema,
  problems: z.array(judgeCallProblemSchema),
});
export type JudgeRunDetail = z.infer<typeof judgeRunDetailSchema>;

export const judgeRunParamsSchema = z.object({
  studyId: z.coerce.number().int().positive(),
  runId: z.coerce.number().int().positive(),
});

/** What a researcher does to a run: pause it, resume it, cancel it, or call again its calls that gave no label. */
export const judgeRunActionSchema = z.object({ action: z.enum(["pause", "resume", "cancel", "retry"]) });

/** What a study's LLM judges page shows: the templates, the endpoints to choose from, the campaigns to sample, and the runs. */
export type JudgingPage = {
  templates: z.infer<typeof templateListSchema>["templates"];
  endpoints: EndpointDto[];
  /** The study's support and relevance campaigns, whose items a run can judge. */
  campaigns: { name: string; taskType: string }[];
  /** The systems with answers, which a preference run compares. */
  answeringSystems: string[];
  /** The study's nugget sets, the first (the default) first: a nugget assignment or support run's choice. */
  nuggetSets: string[];
  /** The human label sets the calibration compares the judges with: people, and campaigns' majorities. */
  humanSets: { value: string; label: string }[];
  /** The label sets that mark (question, passage) pairs: a nugget creation run reads the passages one marks relevant. */
  passageSets: { value: string; label: string }[];
  runs: JudgeRunDto[];
};

/** The calibration view: every judge a run wrote, against one human label set (a person, or a campaign's majority). */
export const calibrationQuerySchema = z.object({
  human: labelSetNameSchema("choose the people's labels"),
  /** An ensemble of the runs' judges to score beside them: "ensemble:<judge>+<judge>+...", or two fused as FeB4RAG does, "fused:<judge>+<judge>". */
  ensemble: optionalLabelSetNameSchema(),
  format: z.enum(["json", "csv"]).optional(),
});

export const calibrationSchema = describes<BuiltCalibrationReport>()(
  z.object({
    human: z.string(),
    judges: z.array(
      z.object({
        judge: z.string(),
        task: z.string(),
        templateName: z.string(),
        templateVersion: z.string(),
        model: z.string(),
        runs: z.number(),
        labels: z.number(),
        /** An ensemble: the targets its members tied on, which it gives no label (null for one judge). */
        ties: z.number().nullable(),
        /** A preference judge: of the pairs it judged both ways, how many the same way (null for other judges and ensembles). */
        positionConsistency: z
          .object({
            pairs: z.number(),
            inconsistent: z.number(),
            share: z.number().nullable(),
            low: z.number().nullable(),
            high: z.number().nullable(),
          })
          .nullable(),
        /** Targets both labelled. */
        items: z.number(),
        comparedOn: z.string(),
        statistics: z.array(statisticSchema),
        categories: z.array(z.string()),
        confusion: z.array(z.array(z.number())),
        /** The judge's positive rate minus the people's (null when a side has no binarization). */
        leniency: intervalSchema.nullable(),
        /** Per level, the share of targets the judge puts there minus the people's share (+: over-called). */
        levels: z.array(z.object({ level: z.string(), llm: z.number(), people: z.number(), difference: z.number() })),
        /** What 1,000 of its labels cost at its runs' prices; null when a call's cost is unknown. */
        costPer1000: z.number().nullable(),
        /** The targets it labelled otherwise than the people (the first 100), with its reply. */
        disagreements: z.array(
          z.object({ targetKey: z.string(), judge: z.string(), human: z.string(), reply: z.string().nullable() }),
        ),
        disagreementCount: z.number(),
      }),
    ),
  }),
);
export type Calibration = z.infer<typeof calibrationSchema>;

/** "Use these disagreements as examples": the judge, the people whose labels the examples carry, and the chosen targets. */
export const fewShotRequestSchema = z.object({
  judge: z.string().trim().min(1),
  human: labelSetNameSchema("choose the people's labels"),
  targetKeys: z.array(z.string().min(1)).min(1, "choose at least one example").max(20, "at most 20 examples"),
});
export type FewShotRequest = z.input<typeof fewShotRequestSchema>;
/** The request as the server reads it: the people's label set parsed. */
export type ParsedFewShotRequest = z.output<typeof fewShotRequestSchema>;
