import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { updateUser } from "@/lib/server/users/update-user";

export const PATCH = route(API["PATCH /api/admin/users/{userId}"], ({ user, params, body }) =>
  updateUser(user, params.userId, body),
);
