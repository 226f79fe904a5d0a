import { strandedActionSchema } from "@/lib/schemas/campaign-admin";
import { campaignItemParamsSchema } from "@/lib/schemas/campaigns";
import { resolveStrandedItem } from "@/lib/server/campaigns/resolve-stranded-item";
import { route } from "@/lib/server/http/route";

/** A researcher reopens, reassigns or closes an item whose open seats nobody can take. */
export const POST = route(
  { roles: ["admin", "researcher"], params: campaignItemParamsSchema, body: strandedActionSchema },
  ({ user, params, body }) => resolveStrandedItem(user, params.campaignId, params.itemId, body),
);
