import "server-only";
import type { MemberRole } from "@/lib/domain/roles";
import { getDb } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { runningBlindCampaigns } from "../db/blind-campaigns";
import { adminAnnotatorRefusal, annotatorAccountRefusal, blindRefusal } from "./member-rules";

/**
 * Makes a member a researcher or an annotator of the study. Refused for an annotator of a running
 * blind campaign of the study (a researcher sees the LLM's labels), for an annotator account made
 * researcher, for an admin account made annotator, and for researchers changing their own role (so a study never loses its researcher by accident).
 */
export async function changeMemberRole(
  user: UserDto,
  studyId: number,
  userId: number,
  role: MemberRole,
): Promise<{ role: MemberRole }> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const member = await db.studyMember.findUnique({
    where: { studyId_userId: { studyId, userId } },
    include: { user: true },
  });
  if (!member) throw notFound("This person is not a member of the study");
  if (member.role === role) return { role };
  if (userId === user.id && user.role !== "admin")
    throw new AppError("conflict", "You cannot change your own role in a study; ask another researcher or an admin");
  if (role === "researcher") {
    if (member.user.role === "annotator") throw invalid(annotatorAccountRefusal(member.user.email));
    const blind = await runningBlindCampaigns(db, studyId, userId);
    if (blind.length > 0) throw new AppError("conflict", blindRefusal(member.user.email, blind));
  }
  if (role === "annotator" && member.user.role === "admin")
    throw invalid(`role: ${adminAnnotatorRefusal(member.user.email)}`);
  await db.studyMember.update({ where: { studyId_userId: { studyId, userId } }, data: { role } });
  return { role };
}
