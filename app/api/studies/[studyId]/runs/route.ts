import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listRuns } from "@/lib/server/studies/list-runs";

export const GET = route(API["GET /api/studies/{studyId}/runs"], ({ user, params }) => listRuns(user, params.studyId));
