import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { saveReviewedSet } from "@/lib/server/nugget-quality/save-reviewed-set";

export const POST = route(API["POST /api/studies/{studyId}/nugget-sets"], ({ user, params, body }) =>
  saveReviewedSet(user, params.studyId, body),
);
