import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const PUT = route(API["PUT /api/campaigns/{campaignId}/items/{itemId}/annotation"], ({ user, params, body }) =>
  saveAnnotation(user, params.campaignId, params.itemId, body),
);
