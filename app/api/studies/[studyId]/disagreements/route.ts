import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listDisagreements } from "@/lib/server/explorer/list-disagreements";

export const GET = route(API["GET /api/studies/{studyId}/disagreements"], ({ user, params, query }) =>
  listDisagreements(user, params.studyId, query.page),
);
