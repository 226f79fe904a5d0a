import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { listJudgeRuns } from "@/lib/server/judging/judge-runs";

export const GET = route(API["GET /api/studies/{studyId}/judge-runs"], async ({ user, params }) => ({
  runs: await listJudgeRuns(user, params.studyId),
}));

export const POST = route(API["POST /api/studies/{studyId}/judge-runs"], ({ user, params, body }) =>
  createJudgeRun(user, params.studyId, body),
);
