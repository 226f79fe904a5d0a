import { resourceQuerySchema } from "@/lib/schemas/resources";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getResourceReport } from "@/lib/server/impact/get-resource-report";
import { resourcesCsv } from "@/lib/formats/reports/resources-csv";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: resourceQuerySchema,
    csv: { write: resourcesCsv, filename: ({ params }) => `resources-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getResourceReport(user, params.studyId, query),
);
