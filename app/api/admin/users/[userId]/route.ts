import { userChangeSchema, userIdParamsSchema } from "@/lib/schemas/users";
import { route } from "@/lib/server/http/route";
import { updateUser } from "@/lib/server/users/update-user";

export const PATCH = route(
  { roles: ["admin"], tokens: false, params: userIdParamsSchema, body: userChangeSchema },
  ({ user, params, body }) => updateUser(user, params.userId, body),
);
