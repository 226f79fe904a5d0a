import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { agreementCsv } from "@/lib/formats/reports/agreement-csv";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: agreementQuerySchema,
    csv: { write: agreementCsv, filename: ({ params }) => `agreement-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getAgreementReport(user, params.studyId, query),
);
