import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const POST = route(API["POST /api/studies/{studyId}/campaigns"], ({ user, params, body }) =>
  createCampaign(user, params.studyId, body),
);
