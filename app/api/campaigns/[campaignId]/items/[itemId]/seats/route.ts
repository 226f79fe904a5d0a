import { resolveStrandedItem } from "@/lib/server/campaigns/resolve-stranded-item";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

/** A researcher reopens, reassigns or closes an item whose open seats nobody can take. */
export const POST = route(API["POST /api/campaigns/{campaignId}/items/{itemId}/seats"], ({ user, params, body }) =>
  resolveStrandedItem(user, params.campaignId, params.itemId, body),
);
