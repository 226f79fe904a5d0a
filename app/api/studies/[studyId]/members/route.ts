import { API } from "@/lib/server/http/api-catalog";
import { route } from "@/lib/server/http/route";
import { addMember } from "@/lib/server/members/add-member";
import { listMembers } from "@/lib/server/members/list-members";

export const GET = route(API["GET /api/studies/{studyId}/members"], async ({ user, params }) => ({
  members: await listMembers(user, params.studyId),
}));

export const POST = route(API["POST /api/studies/{studyId}/members"], ({ user, params, body }) =>
  addMember(user, params.studyId, body),
);
