import { agreementQuerySchema } from "@/lib/schemas/reports";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { agreementReportCsv } from "@/lib/server/reports/agreement-report-csv";
import { getAgreementReport } from "@/lib/server/reports/get-agreement-report";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: agreementQuerySchema },
  async ({ user, params, query }) => {
    const report = await getAgreementReport(user, params.studyId, query);
    if (query.format !== "csv") return report;
    return new Response(agreementReportCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="agreement-${params.studyId}.csv"`,
      },
    });
  },
);
