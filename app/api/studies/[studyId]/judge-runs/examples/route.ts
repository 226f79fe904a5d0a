import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { fewShotVersion } from "@/lib/server/judging/few-shot-version";

export const POST = route(API["POST /api/studies/{studyId}/judge-runs/examples"], async ({ user, params, body }) => ({
  template: await fewShotVersion(user, params.studyId, body),
}));
