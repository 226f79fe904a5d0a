import { impactQuerySchema } from "@/lib/schemas/impact";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";

export const GET = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, query: impactQuerySchema },
  ({ user, params, query }) => getImpactReport(user, params.studyId, query),
);
