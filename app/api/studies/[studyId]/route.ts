import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";
import { updateStudySettings } from "@/lib/server/studies/update-study-settings";

export const GET = route(API["GET /api/studies/{studyId}"], ({ user, params }) =>
  getStudyOverview(user, params.studyId),
);

export const PATCH = route(API["PATCH /api/studies/{studyId}"], ({ user, params, body }) =>
  updateStudySettings(user, params.studyId, body),
);
