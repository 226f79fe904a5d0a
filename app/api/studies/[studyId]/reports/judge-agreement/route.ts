import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { judgeAgreementCsv } from "@/lib/formats/reports/judge-agreement-csv";
import { getJudgeAgreement } from "@/lib/server/judge-agreement/get-judge-agreement";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/judge-agreement"],
    csv: { write: judgeAgreementCsv, filename: ({ params }) => `judge-agreement-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getJudgeAgreement(user, params.studyId, query),
);
