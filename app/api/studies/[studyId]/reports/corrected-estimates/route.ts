import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { correctedEstimatesCsv } from "@/lib/formats/reports/corrected-estimates-csv";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";

export const GET = route(
  {
    roles: ["admin", "researcher"],
    params: studyIdParamsSchema,
    query: correctedEstimatesQuerySchema,
    csv: { write: correctedEstimatesCsv, filename: ({ params }) => `corrected-estimates-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getCorrectedEstimates(user, params.studyId, query),
);
