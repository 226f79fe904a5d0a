import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { preferencesCsv } from "@/lib/formats/reports/preferences-csv";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/preferences"],
    csv: { write: preferencesCsv, filename: ({ params }) => `preferences-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getPreferencesReport(user, params.studyId, query),
);
