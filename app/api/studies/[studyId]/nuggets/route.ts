import { newNuggetSchema } from "@/lib/schemas/nuggets";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { addNugget } from "@/lib/server/nuggets/add-nugget";

export const POST = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, body: newNuggetSchema },
  ({ user, params, body }) => addNugget(user, params.studyId, body),
);
