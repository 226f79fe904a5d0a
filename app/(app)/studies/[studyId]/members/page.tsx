import type { Metadata } from "next";
import { MembersView } from "@/components/members/members-view";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { listMembers } from "@/lib/server/members/list-members";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: { params: Promise<{ studyId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  const members = await listMembers(user, studyId);
  return (
    <MembersView
      study={{ id: study.id, name: study.name }}
      members={members}
      me={{ id: user.id, admin: user.role === "admin" }}
    />
  );
}
