import { nuggetQualityQuerySchema } from "@/lib/schemas/nugget-quality";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { nuggetQualityCsv } from "@/lib/formats/reports/nugget-quality-csv";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: nuggetQualityQuerySchema,
    csv: { write: nuggetQualityCsv, filename: ({ query }) => `nugget-quality-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getNuggetQualityReport(user, params.studyId, query),
);
