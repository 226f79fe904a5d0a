import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { setNuggetImportance } from "@/lib/server/nuggets/set-nugget-importance";

export const PUT = route(API["PUT /api/studies/{studyId}/nuggets/importance"], ({ user, params, body }) =>
  setNuggetImportance(user, params.studyId, body),
);
