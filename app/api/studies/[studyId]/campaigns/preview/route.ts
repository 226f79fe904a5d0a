import { campaignDraftSchema } from "@/lib/schemas/campaigns";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { previewCampaign } from "@/lib/server/campaigns/preview-campaign";
import { route } from "@/lib/server/http/route";

export const POST = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, body: campaignDraftSchema },
  ({ user, params, body }) => previewCampaign(user, params.studyId, body),
);
