import { updateCampaign } from "@/lib/server/campaigns/update-campaign";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

/** Pause, resume or close a campaign; edit its guidelines or its annotators. */
export const PATCH = route(API["PATCH /api/campaigns/{campaignId}"], ({ user, params, body }) =>
  updateCampaign(user, params.campaignId, body),
);
