import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { changeJudgeRun, getJudgeRun } from "@/lib/server/judging/judge-runs";

export const GET = route(API["GET /api/studies/{studyId}/judge-runs/{runId}"], ({ user, params }) =>
  getJudgeRun(user, params.studyId, params.runId),
);

export const PATCH = route(API["PATCH /api/studies/{studyId}/judge-runs/{runId}"], ({ user, params, body }) =>
  changeJudgeRun(user, params.studyId, params.runId, body.action),
);
