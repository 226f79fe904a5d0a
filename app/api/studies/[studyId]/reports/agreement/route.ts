import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { agreementCsv } from "@/lib/formats/reports/agreement-csv";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/agreement"],
    csv: { write: agreementCsv, filename: ({ params }) => `agreement-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getAgreementReport(user, params.studyId, query),
);
