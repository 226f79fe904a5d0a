import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getCalibration } from "@/lib/server/judging/get-calibration";

export const GET = route(API["GET /api/studies/{studyId}/reports/calibration"], ({ user, params, query }) =>
  getCalibration(user, params.studyId, query.human, query.ensemble),
);
