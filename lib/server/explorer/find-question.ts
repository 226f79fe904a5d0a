import "server-only";
import { questionPath } from "@/lib/domain/explorer/question-path";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * The question a page's path names by its own id (the id of the imported files: "hq-101", "11").
 * A path from before questions were addressed so (the database's number) names no question of
 * that id: it answers where that question lives now, so old links keep working. A question's own
 * id wins when a number is both.
 */
export async function findQuestion(
  user: UserDto,
  studyId: number,
  segment: string,
): Promise<{ queryId: number } | { movedTo: string }> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const own = await db.query.findFirst({ where: { studyId, externalId: segment }, select: { id: true } });
  if (own) return { queryId: own.id };
  const old = /^\d+$/.test(segment)
    ? await db.query.findFirst({ where: { studyId, id: Number(segment) }, select: { externalId: true } })
    : null;
  if (!old) throw notFound("Question not found");
  return { movedTo: questionPath(studyId, old.externalId) };
}
