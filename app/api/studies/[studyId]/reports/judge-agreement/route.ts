import { judgeAgreementQuerySchema } from "@/lib/schemas/judge-agreement";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { judgeAgreementCsv } from "@/lib/formats/reports/judge-agreement-csv";
import { getJudgeAgreement } from "@/lib/server/judge-agreement/get-judge-agreement";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: judgeAgreementQuerySchema,
    csv: { write: judgeAgreementCsv, filename: ({ params }) => `judge-agreement-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getJudgeAgreement(user, params.studyId, query),
);
