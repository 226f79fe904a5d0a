import { driftQuerySchema } from "@/lib/schemas/drift";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { driftCsv } from "@/lib/formats/reports/drift-csv";
import { getDriftReport } from "@/lib/server/drift/get-drift-report";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: driftQuerySchema,
    csv: {
      write: driftCsv,
      filename: ({ params, query }) => `drift-${params.studyId}-${query.snapshot}.csv`,
    },
  },
  ({ user, params, query }) => getDriftReport(user, params.studyId, query),
);
