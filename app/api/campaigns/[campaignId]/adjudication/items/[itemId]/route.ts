import { getAdjudicationItem } from "@/lib/server/adjudication/get-adjudication-item";
import { saveDecision } from "@/lib/server/adjudication/save-decision";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/campaigns/{campaignId}/adjudication/items/{itemId}"], ({ user, params }) =>
  getAdjudicationItem(user, params.campaignId, params.itemId),
);

export const PUT = route(API["PUT /api/campaigns/{campaignId}/adjudication/items/{itemId}"], ({ user, params, body }) =>
  saveDecision(user, params.campaignId, params.itemId, body),
);
