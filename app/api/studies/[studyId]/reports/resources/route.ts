import { resourceQuerySchema } from "@/lib/schemas/resources";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";
import { resourcesCsv } from "@/lib/formats/reports/resources-csv";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: resourceQuerySchema,
    csv: { write: resourcesCsv, filename: ({ params }) => `resources-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getResourcesReport(user, params.studyId, query),
);
