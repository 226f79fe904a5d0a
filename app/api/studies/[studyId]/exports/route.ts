import { exportDownload } from "@/lib/server/exports/export-download";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/studies/{studyId}/exports"], ({ user, params, query }) =>
  exportDownload(user, params.studyId, { ...query, judges: query.judge, check: query.check === "1" }),
);
