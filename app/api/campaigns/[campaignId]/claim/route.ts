import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { route } from "@/lib/server/http/route";

export const POST = route({ params: campaignIdParamsSchema }, ({ user, params }) =>
  claimNextItem(user, params.campaignId),
);
