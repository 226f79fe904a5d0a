import { preferenceQuerySchema } from "@/lib/schemas/preference";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getPreferenceReport } from "@/lib/server/reports/get-preference-report";
import { preferenceCsv } from "@/lib/server/reports/preference-csv";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: preferenceQuerySchema },
  async ({ user, params, query }) => {
    const report = await getPreferenceReport(user, params.studyId, query);
    if (query.format !== "csv") return report;
    return new Response(preferenceCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="preferences-${params.studyId}.csv"`,
      },
    });
  },
);
