import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { preferencesCsv } from "@/lib/formats/reports/preferences-csv";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: preferenceQuerySchema,
    csv: { write: preferencesCsv, filename: ({ params }) => `preferences-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getPreferencesReport(user, params.studyId, query),
);
