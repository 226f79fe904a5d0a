import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listJudges } from "@/lib/server/studies/list-judges";

export const GET = route(API["GET /api/studies/{studyId}/judges"], ({ user, params }) =>
  listJudges(user, params.studyId),
);
