import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { addNugget } from "@/lib/server/nuggets/add-nugget";

export const POST = route(API["POST /api/studies/{studyId}/nuggets"], ({ user, params, body }) =>
  addNugget(user, params.studyId, body),
);
