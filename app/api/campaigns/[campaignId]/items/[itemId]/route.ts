import { campaignItemParamsSchema } from "@/lib/schemas/campaigns";
import { getWorkspaceItem } from "@/lib/server/campaigns/get-workspace-item";
import { route } from "@/lib/server/http/route";

export const GET = route({ params: campaignItemParamsSchema }, ({ user, params }) =>
  getWorkspaceItem(user, params.campaignId, params.itemId),
);
