import { campaignChangeSchema } from "@/lib/schemas/campaign-admin";
import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { updateCampaign } from "@/lib/server/campaigns/update-campaign";
import { route } from "@/lib/server/http/route";

/** Pause, resume or close a campaign; edit its guidelines or its annotators. */
export const PATCH = route(
  { roles: ["admin", "researcher"], params: campaignIdParamsSchema, body: campaignChangeSchema },
  ({ user, params, body }) => updateCampaign(user, params.campaignId, body),
);
