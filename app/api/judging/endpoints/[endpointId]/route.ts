import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { deleteEndpoint } from "@/lib/server/judging/delete-endpoint";
import { updateEndpoint } from "@/lib/server/judging/update-endpoint";

export const PATCH = route(API["PATCH /api/judging/endpoints/{endpointId}"], ({ params, body }) =>
  updateEndpoint(params.endpointId, body),
);

export const DELETE = route(API["DELETE /api/judging/endpoints/{endpointId}"], ({ params, query }) =>
  deleteEndpoint(params.endpointId, { force: query.force === "true" }),
);
