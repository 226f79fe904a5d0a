import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { listJudges } from "@/lib/server/studies/list-judges";

export const GET = route({ roles: ["admin", "researcher"], params: studyIdParamsSchema }, ({ user, params }) =>
  listJudges(user, params.studyId),
);
