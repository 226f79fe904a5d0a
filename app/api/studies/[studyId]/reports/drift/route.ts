import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { driftCsv } from "@/lib/formats/reports/drift-csv";
import { getDriftReport } from "@/lib/server/drift/get-drift-report";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/drift"],
    csv: {
      write: driftCsv,
      filename: ({ params, query }) => `drift-${params.studyId}-${query.snapshot}.csv`,
    },
  },
  ({ user, params, query }) => getDriftReport(user, params.studyId, query),
);
