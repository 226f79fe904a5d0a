import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { campaignAgreementCsv } from "@/lib/formats/reports/campaign-agreement-csv";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/campaign-agreement"],
    csv: { write: campaignAgreementCsv, filename: ({ query }) => `campaign-agreement-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getCampaignAgreement(user, params.studyId, query.campaign),
);
