import { exportQuerySchema } from "@/lib/schemas/imports";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { exportDownload } from "@/lib/server/exports/export-download";
import { route } from "@/lib/server/http/route";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: exportQuerySchema },
  ({ user, params, query }) =>
    exportDownload(user, params.studyId, { ...query, judges: query.judge, check: query.check === "1" }),
);
