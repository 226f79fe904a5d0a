import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const GET = route({ roles: ["admin", "researcher"], params: studyIdParamsSchema }, ({ user, params }) =>
  getStudyOverview(user, params.studyId),
);
