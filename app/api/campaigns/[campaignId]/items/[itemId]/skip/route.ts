import { skipItem } from "@/lib/server/campaigns/skip-item";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const POST = route(API["POST /api/campaigns/{campaignId}/items/{itemId}/skip"], ({ user, params }) =>
  skipItem(user, params.campaignId, params.itemId),
);
