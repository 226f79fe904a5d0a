import { getWorkspace } from "@/lib/server/campaigns/get-workspace";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/campaigns/{campaignId}/workspace"], ({ user, params }) =>
  getWorkspace(user, params.campaignId),
);
