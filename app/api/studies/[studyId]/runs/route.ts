import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { listRuns } from "@/lib/server/studies/list-runs";

export const GET = route({ roles: ["admin", "researcher"], params: studyIdParamsSchema }, ({ user, params }) =>
  listRuns(user, params.studyId),
);
