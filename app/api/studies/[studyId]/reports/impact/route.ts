import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";

export const GET = route(API["GET /api/studies/{studyId}/reports/impact"], ({ user, params, query }) =>
  getImpactReport(user, params.studyId, query),
);
