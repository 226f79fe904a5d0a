import "server-only";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";

/**
 * Researcher access to a study: admins see every study; researchers those they are a researcher
 * member of. Anyone else gets not-found, so a study's existence is not revealed.
 */
export async function assertResearcherAccess(db: Db, user: UserDto, studyId: number): Promise<void> {
  if (user.role === "admin") {
    if (await db.study.findUnique({ where: { id: studyId }, select: { id: true } })) return;
    throw notFound("Study not found");
  }
  if (user.role === "researcher") {
    const member = await db.studyMember.findUnique({ where: { studyId_userId: { studyId, userId: user.id } } });
    if (member?.role === "researcher") return;
  }
  throw notFound("Study not found");
}

/** The Prisma filter for the studies a user may open as a researcher. */
export function researcherStudiesWhere(user: UserDto) {
  if (user.role === "admin") return {};
  if (user.role === "researcher") return { members: { some: { userId: user.id, role: "researcher" } } };
  return { id: -1 };
}
