import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { questionsCsv } from "@/lib/formats/explorer-csv";
import { listQuestions } from "@/lib/server/explorer/list-questions";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/questions"],
    csv: { write: questionsCsv, filename: ({ params }) => `questions-${params.studyId}.csv` },
  },
  ({ user, params, query }) => listQuestions(user, params.studyId, query),
);
