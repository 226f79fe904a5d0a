import { campaignDraftSchema } from "@/lib/schemas/campaigns";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { route } from "@/lib/server/http/route";

export const POST = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, body: campaignDraftSchema },
  ({ user, params, body }) => createCampaign(user, params.studyId, body),
);
