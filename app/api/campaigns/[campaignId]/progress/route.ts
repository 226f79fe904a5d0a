import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/campaigns/{campaignId}/progress"], ({ user, params }) =>
  getCampaignProgress(user, params.campaignId),
);
