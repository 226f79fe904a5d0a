import "server-only";
import { memberRoleSchema } from "@/lib/domain/roles";
import type { Member } from "@/lib/schemas/members";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import { awaitsPassword, toUserDto, type UserDto } from "../users/user-dto";

/** A study's researchers and annotators (researchers first, then by email), for its researchers and admins. */
export async function listMembers(user: UserDto, studyId: number): Promise<Member[]> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [rows, campaigns] = await Promise.all([
    db.studyMember.findMany({ where: { studyId }, include: { user: true } }),
    db.campaignAnnotator.groupBy({ by: ["userId"], where: { campaign: { studyId } }, _count: { _all: true } }),
  ]);
  return rows
    .map((m): Member => ({
      userId: m.userId,
      email: m.user.email,
      name: m.user.name,
      role: memberRoleSchema.parse(m.role),
      accountRole: toUserDto(m.user).role,
      disabled: m.user.disabled,
      invited: awaitsPassword(m.user),
      campaigns: campaigns.find((c) => c.userId === m.userId)?._count._all ?? 0,
    }))
    .sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === "researcher" ? -1 : 1));
}
