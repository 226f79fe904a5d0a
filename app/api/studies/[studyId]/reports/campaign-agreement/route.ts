import { campaignAgreementQuerySchema } from "@/lib/schemas/reports";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { campaignAgreementCsv } from "@/lib/server/reports/campaign-agreement-csv";
import { getCampaignAgreement } from "@/lib/server/reports/get-campaign-agreement";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: campaignAgreementQuerySchema },
  async ({ user, params, query }) => {
    const report = await getCampaignAgreement(user, params.studyId, query.campaign);
    if (query.format !== "csv") return report;
    return new Response(campaignAgreementCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="campaign-agreement-${query.campaign}.csv"`,
      },
    });
  },
);
