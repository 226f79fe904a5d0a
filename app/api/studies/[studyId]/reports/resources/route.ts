import { resourceQuerySchema } from "@/lib/schemas/resources";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getResourceReport } from "@/lib/server/impact/get-resource-report";
import { resourceReportCsv } from "@/lib/server/impact/resource-report-csv";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: resourceQuerySchema },
  async ({ user, params, query }) => {
    const report = await getResourceReport(user, params.studyId, query);
    if (query.format !== "csv") return report;
    return new Response(resourceReportCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="resources-${params.studyId}.csv"`,
      },
    });
  },
);
