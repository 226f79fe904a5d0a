import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { checkEndpoint } from "@/lib/server/judging/check-endpoint";

export const POST = route(API["POST /api/judging/endpoints/{endpointId}/check"], ({ params }) =>
  checkEndpoint(params.endpointId),
);
