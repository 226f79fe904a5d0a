import "server-only";
import { z } from "zod";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import {
  calibrationQuerySchema,
  calibrationSchema,
  endpointChangeSchema,
  endpointCheckSchema,
  endpointListSchema,
  endpointParamsSchema,
  endpointRemovalQuerySchema,
  endpointSchema,
  fewShotRequestSchema,
  judgeRunActionSchema,
  judgeRunDetailSchema,
  judgeRunParamsSchema,
  judgeRunSchema,
  newEndpointSchema,
  newJudgeRunSchema,
  templateListSchema,
  templateVersionSchema,
} from "@/lib/schemas/judging";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { ADMIN, STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "judging" part (lib/server/http/api-catalog.ts collects every part). */
export const JUDGING_API = {
  "GET /api/judging/endpoints": {
    summary: "The registered LLM judge endpoints, where each key comes from, never a key",
    tag: "judging",
    roles: STAFF,
    response: endpointListSchema,
  },
  "POST /api/judging/endpoints": {
    summary:
      "Register an OpenAI-compatible endpoint and where its key comes from (admins; a read-write token of an admin may)",
    tag: "judging",
    roles: ADMIN,
    body: newEndpointSchema,
    response: endpointSchema,
  },
  "PATCH /api/judging/endpoints/{endpointId}": {
    summary: "Change an endpoint; its key only when a new source is given (admins, or an admin's read-write token)",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    body: endpointChangeSchema,
    response: endpointSchema,
  },
  "DELETE /api/judging/endpoints/{endpointId}": {
    summary:
      "Remove an endpoint and its key (admins, or an admin's read-write token); refused (409) while running or paused runs use it, unless force=true, which fails them",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    query: endpointRemovalQuerySchema,
    response: z.object({ deleted: z.number(), failedRuns: z.array(z.number()) }),
  },
  "POST /api/judging/endpoints/{endpointId}/check": {
    summary:
      "Call an endpoint once with its key: whether it answers, how fast, and what (admins, or an admin's read-write token)",
    tag: "judging",
    roles: ADMIN,
    params: endpointParamsSchema,
    response: endpointCheckSchema,
  },
  "GET /api/studies/{studyId}/judge-templates": {
    summary:
      "The judge templates a study may run: the built-in ones and those saved in the study, each with its versions (content hashes), newest first",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: templateListSchema,
  },
  "POST /api/studies/{studyId}/judge-templates": {
    summary:
      "Save a judge template in the study: a new immutable version when its content changed (in the browser only)",
    tag: "judging",
    roles: STAFF,
    tokens: false,
    params: studyIdParamsSchema,
    body: judgeTemplateSchema,
    response: z.object({ version: templateVersionSchema, created: z.boolean() }),
  },
  "GET /api/studies/{studyId}/judge-runs": {
    summary: "A study's judge runs, newest first: what made their labels, progress, tokens, cost and ETA",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: z.object({ runs: z.array(judgeRunSchema) }),
  },
  "POST /api/studies/{studyId}/judge-runs": {
    summary: "Start a judge run: a template version over a sample of the study, through a registered endpoint",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: newJudgeRunSchema,
    // a nuggetizer run: the nugget set it writes (creation: a new one) or grades (importance)
    response: z.object({
      id: z.number(),
      calls: z.number(),
      judge: z.string(),
      nuggetSet: z.string().optional(),
      nuggets: z.enum(["written", "graded"]).optional(),
    }),
  },
  "GET /api/studies/{studyId}/judge-runs/{runId}": {
    summary: "One judge run: its progress, and the calls that gave no label with their replies",
    tag: "judging",
    roles: STAFF,
    params: judgeRunParamsSchema,
    response: judgeRunDetailSchema,
  },
  "PATCH /api/studies/{studyId}/judge-runs/{runId}": {
    summary: "Pause, resume or cancel a judge run, or call again the calls that gave no label",
    tag: "judging",
    roles: STAFF,
    params: judgeRunParamsSchema,
    body: judgeRunActionSchema,
    response: judgeRunDetailSchema,
  },
  "GET /api/studies/{studyId}/reports/calibration": {
    summary:
      "Every judge the study's runs wrote against one human label set: agreement, confusion, leniency, cost per 1,000 labels and the disagreements with the judge's replies",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: calibrationQuerySchema,
    response: calibrationSchema,
  },
  "POST /api/studies/{studyId}/judge-runs/examples": {
    summary:
      "A new version of a judge's template with chosen targets as few-shot examples, each with the people's label (not saved)",
    tag: "judging",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: fewShotRequestSchema,
    response: z.object({ template: judgeTemplateSchema }),
  },
} as const satisfies Record<string, Endpoint>;
