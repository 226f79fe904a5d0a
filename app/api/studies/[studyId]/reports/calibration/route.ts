import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { calibrationCsv } from "@/lib/formats/reports/calibration-csv";
import { getCalibration } from "@/lib/server/judging/get-calibration";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/calibration"],
    csv: { write: calibrationCsv, filename: ({ params }) => `calibration-${params.studyId}.csv` },
  },
  ({ user, params, query }) => getCalibration(user, params.studyId, query.human, query.ensemble),
);
