import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const POST = route(API["POST /api/campaigns/{campaignId}/claim"], ({ user, params }) =>
  claimNextItem(user, params.campaignId),
);
