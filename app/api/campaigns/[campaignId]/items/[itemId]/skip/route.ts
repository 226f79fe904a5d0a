import { campaignItemParamsSchema } from "@/lib/schemas/campaigns";
import { skipItem } from "@/lib/server/campaigns/skip-item";
import { route } from "@/lib/server/http/route";

export const POST = route({ params: campaignItemParamsSchema }, ({ user, params }) =>
  skipItem(user, params.campaignId, params.itemId),
);
