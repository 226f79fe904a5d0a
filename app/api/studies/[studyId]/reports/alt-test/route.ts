import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { altTestCsv } from "@/lib/formats/reports/alt-test-csv";
import { getAltTest } from "@/lib/server/alt-test/get-alt-test";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/reports/alt-test"],
    csv: { write: altTestCsv, filename: ({ query }) => `alt-test-${query.campaign}.csv` },
  },
  ({ user, params, query }) => getAltTest(user, params.studyId, query.campaign, query),
);
