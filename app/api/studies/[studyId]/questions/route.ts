import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { listQuestions } from "@/lib/server/explorer/list-questions";

export const GET = route(API["GET /api/studies/{studyId}/questions"], ({ user, params, query }) =>
  listQuestions(user, params.studyId, query),
);
