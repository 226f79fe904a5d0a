import { preferenceQuerySchema } from "@/lib/schemas/preference";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getPreferenceReport } from "@/lib/server/reports/get-preference-report";
import { preferencesCsv } from "@/lib/formats/reports/preferences-csv";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: preferenceQuerySchema,
    csv: { write: preferencesCsv, filename: ({ params }) => `preferences-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getPreferenceReport(user, params.studyId, query),
);
