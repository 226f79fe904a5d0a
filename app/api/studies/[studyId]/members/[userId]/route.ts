import { memberChangeSchema, memberParamsSchema } from "@/lib/schemas/members";
import { route } from "@/lib/server/http/route";
import { changeMemberRole } from "@/lib/server/members/change-member-role";
import { removeMember } from "@/lib/server/members/remove-member";

export const PATCH = route(
  { roles: ["admin", "researcher"], params: memberParamsSchema, body: memberChangeSchema },
  ({ user, params, body }) => changeMemberRole(user, params.studyId, params.userId, body.role),
);

export const DELETE = route({ roles: ["admin", "researcher"], params: memberParamsSchema }, ({ user, params }) =>
  removeMember(user, params.studyId, params.userId),
);
