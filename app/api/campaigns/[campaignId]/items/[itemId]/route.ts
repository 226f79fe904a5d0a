import { getWorkspaceItem } from "@/lib/server/campaigns/get-workspace-item";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/campaigns/{campaignId}/items/{itemId}"], ({ user, params }) =>
  getWorkspaceItem(user, params.campaignId, params.itemId),
);
