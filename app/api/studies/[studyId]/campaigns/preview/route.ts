import { previewCampaign } from "@/lib/server/campaigns/preview-campaign";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const POST = route(API["POST /api/studies/{studyId}/campaigns/preview"], ({ user, params, body }) =>
  previewCampaign(user, params.studyId, body),
);
