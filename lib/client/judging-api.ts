import { z } from "zod";
import {
  endpointCheckSchema,
  endpointListSchema,
  calibrationSchema,
  endpointSchema,
  judgeRunDetailSchema,
  judgeRunSchema,
  templateListSchema,
  templateVersionSchema,
  type EndpointChange,
  type FewShotRequest,
  type NewEndpoint,
  type NewJudgeRun,
} from "@/lib/schemas/judging";
import { judgeTemplateSchema, type JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { fetchJson, jsonRequest as json } from "./fetch-json";

/** LLM judging: the endpoints an admin registers, the templates researchers save, and a study's judge runs. */
export const judgingApi = {
  endpoints: () => fetchJson("/api/judging/endpoints", endpointListSchema),
  createEndpoint: (endpoint: NewEndpoint) =>
    fetchJson("/api/judging/endpoints", endpointSchema, json("POST", endpoint)),
  updateEndpoint: (endpointId: number, change: EndpointChange) =>
    fetchJson(`/api/judging/endpoints/${endpointId}`, endpointSchema, json("PATCH", change)),
  deleteEndpoint: (endpointId: number, force = false) =>
    fetchJson(
      `/api/judging/endpoints/${endpointId}${force ? "?force=true" : ""}`,
      z.object({ deleted: z.number(), failedRuns: z.array(z.number()) }),
      json("DELETE"),
    ),
  checkEndpoint: (endpointId: number) =>
    fetchJson(`/api/judging/endpoints/${endpointId}/check`, endpointCheckSchema, json("POST")),
  templates: (studyId: number) => fetchJson(`/api/studies/${studyId}/judge-templates`, templateListSchema),
  saveTemplate: (studyId: number, template: JudgeTemplate) =>
    fetchJson(
      `/api/studies/${studyId}/judge-templates`,
      z.object({ version: templateVersionSchema, created: z.boolean() }),
      json("POST", template),
    ),
  runs: (studyId: number) =>
    fetchJson(`/api/studies/${studyId}/judge-runs`, z.object({ runs: z.array(judgeRunSchema) })),
  startRun: (studyId: number, run: NewJudgeRun) =>
    fetchJson(
      `/api/studies/${studyId}/judge-runs`,
      z.object({
        id: z.number(),
        calls: z.number(),
        judge: z.string(),
        nuggetSet: z.string().optional(),
        nuggets: z.enum(["written", "graded"]).optional(),
      }),
      json("POST", run),
    ),
  calibration: (studyId: number, human: string, ensemble?: string) =>
    fetchJson(
      `/api/studies/${studyId}/reports/calibration?${new URLSearchParams({ human, ...(ensemble ? { ensemble } : {}) })}`,
      calibrationSchema,
    ),
  fewShot: (studyId: number, request: FewShotRequest) =>
    fetchJson(
      `/api/studies/${studyId}/judge-runs/examples`,
      z.object({ template: judgeTemplateSchema }),
      json("POST", request),
    ),
  run: (studyId: number, runId: number) =>
    fetchJson(`/api/studies/${studyId}/judge-runs/${runId}`, judgeRunDetailSchema),
  changeRun: (studyId: number, runId: number, action: "pause" | "resume" | "cancel" | "retry") =>
    fetchJson(`/api/studies/${studyId}/judge-runs/${runId}`, judgeRunDetailSchema, json("PATCH", { action })),
};
