import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { nuggetQualityCsv } from "@/lib/formats/reports/nugget-quality-csv";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/nugget-quality"],
    csv: { write: nuggetQualityCsv, filename: ({ query }) => `nugget-quality-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getNuggetQualityReport(user, params.studyId, query),
);
