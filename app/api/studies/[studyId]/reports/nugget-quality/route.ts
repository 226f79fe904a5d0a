import { nuggetQualityQuerySchema } from "@/lib/schemas/nugget-quality";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getNuggetQualityReport } from "@/lib/server/reports/get-nugget-quality-report";
import { nuggetQualityCsv } from "@/lib/server/reports/nugget-quality-csv";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: nuggetQualityQuerySchema },
  async ({ user, params, query }) => {
    const report = await getNuggetQualityReport(user, params.studyId, query);
    if (query.format !== "csv") return report;
    return new Response(nuggetQualityCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="nugget-quality-${query.campaign}.csv"`,
      },
    });
  },
);
