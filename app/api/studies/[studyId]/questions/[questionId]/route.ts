import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { getQuestion } from "@/lib/server/explorer/get-question";

export const GET = route(API["GET /api/studies/{studyId}/questions/{questionId}"], ({ user, params, query }) =>
  getQuestion(user, params.studyId, params.questionId, query.chunk),
);
