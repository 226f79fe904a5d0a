import { addMemberSchema } from "@/lib/schemas/members";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { route } from "@/lib/server/http/route";
import { addMember } from "@/lib/server/members/add-member";
import { listMembers } from "@/lib/server/members/list-members";

export const GET = route({ roles: ["admin", "researcher"], params: studyIdParamsSchema }, async ({ user, params }) => ({
  members: await listMembers(user, params.studyId),
}));

export const POST = route(
  { roles: ["admin", "researcher"], params: studyIdParamsSchema, body: addMemberSchema },
  ({ user, params, body }) => addMember(user, params.studyId, body),
);
