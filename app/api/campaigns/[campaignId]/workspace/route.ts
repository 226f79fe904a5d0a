import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { getWorkspace } from "@/lib/server/campaigns/get-workspace";
import { route } from "@/lib/server/http/route";

export const GET = route({ params: campaignIdParamsSchema }, ({ user, params }) =>
  getWorkspace(user, params.campaignId),
);
