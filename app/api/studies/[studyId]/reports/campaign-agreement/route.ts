import { campaignAgreementQuerySchema } from "@/lib/schemas/campaign-agreement";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { campaignAgreementCsv } from "@/lib/formats/reports/campaign-agreement-csv";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: campaignAgreementQuerySchema,
    csv: { write: campaignAgreementCsv, filename: ({ query }) => `campaign-agreement-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getCampaignAgreement(user, params.studyId, query.campaign),
);
