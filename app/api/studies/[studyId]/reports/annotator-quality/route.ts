import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { annotatorQualityCsv } from "@/lib/formats/reports/annotator-quality-csv";
import { getAnnotatorQuality } from "@/lib/server/annotator-quality/get-annotator-quality";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/annotator-quality"],
    csv: { write: annotatorQualityCsv, filename: ({ query }) => `annotator-quality-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getAnnotatorQuality(user, params.studyId, query.campaign),
);
