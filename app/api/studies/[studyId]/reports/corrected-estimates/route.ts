import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { correctedEstimatesCsv } from "@/lib/formats/reports/corrected-estimates-csv";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/corrected-estimates"],
    csv: { write: correctedEstimatesCsv, filename: ({ params }) => `corrected-estimates-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getCorrectedEstimates(user, params.studyId, query),
);
