import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { route } from "@/lib/server/http/route";

export const GET = route({ roles: ["admin", "researcher"], params: campaignIdParamsSchema }, ({ user, params }) =>
  getCampaignProgress(user, params.campaignId),
);
