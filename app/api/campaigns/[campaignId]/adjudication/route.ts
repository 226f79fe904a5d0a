import { getAdjudicationQueue } from "@/lib/server/adjudication/get-adjudication-queue";
import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";

export const GET = route(API["GET /api/campaigns/{campaignId}/adjudication"], ({ user, params }) =>
  getAdjudicationQueue(user, params.campaignId),
);
