import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";
import { resourcesCsv } from "@/lib/formats/reports/resources-csv";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/resources"],
    csv: { write: resourcesCsv, filename: ({ params }) => `resources-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getResourcesReport(user, params.studyId, query),
);
