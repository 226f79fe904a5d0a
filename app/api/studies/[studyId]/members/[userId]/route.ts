import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { changeMemberRole } from "@/lib/server/members/change-member-role";
import { removeMember } from "@/lib/server/members/remove-member";

export const PATCH = route(API["PATCH /api/studies/{studyId}/members/{userId}"], ({ user, params, body }) =>
  changeMemberRole(user, params.studyId, params.userId, body.role),
);

export const DELETE = route(API["DELETE /api/studies/{studyId}/members/{userId}"], ({ user, params }) =>
  removeMember(user, params.studyId, params.userId),
);
