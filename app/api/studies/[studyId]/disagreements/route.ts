import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { disagreementsCsv } from "@/lib/formats/explorer-csv";
import { listDisagreements } from "@/lib/server/explorer/list-disagreements";

export const GET = route(
  {
    ...API["GET /api/studies/{studyId}/disagreements"],
    csv: { write: disagreementsCsv, filename: ({ params }) => `disagreements-${params.studyId}.csv` },
  },
  ({ user, params, query }) => listDisagreements(user, params.studyId, query.page, query.format === "csv"),
);
