import "server-only";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";

/**
 * Researcher access to a study: admins see every study; researchers those they are a researcher
 * member of; a request with an API token only the token's studies. Anyone else gets not-found, so
 * a study's existence is not revealed.
 */
export async function assertResearcherAccess(db: Db, user: UserDto, studyId: number): Promise<void> {
  if (!tokenReaches(user, studyId)) throw notFound("Study not found");
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

/** The Prisma filter for the studies a user may open as a researcher (with a token: of the token's studies). */
export function researcherStudiesWhere(user: UserDto) {
  const narrowed = user.token ? { id: { in: [...user.token.studies] } } : {};
  if (user.role === "admin") return narrowed;
  if (user.role === "researcher") return { ...narrowed, members: { some: { userId: user.id, role: "researcher" } } };
  return { id: -1 };
}

/** Whether the request may reach this study: always with a session, with an API token when it names the study. */
export const tokenReaches = (user: UserDto, studyId: number) => !user.token || user.token.studies.includes(studyId);
