import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const GET = route(API["GET /api/studies/{studyId}"], ({ user, params }) =>
  getStudyOverview(user, params.studyId),
);
