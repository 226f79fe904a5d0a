import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { impactCsv } from "@/lib/formats/reports/impact-csv";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/impact"],
    csv: { write: impactCsv, filename: ({ params }) => `impact-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getImpactReport(user, params.studyId, query),
);
