import "server-only";
import { getDb } from "../db/client";
import { sharedQuestionCounts } from "../db/shared-questions";
import { assertResearcherAccess, researcherStudiesWhere } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * The studies a study can be compared with as another snapshot: the others the caller may open as
 * a researcher, each with how many question ids it shares, most shared first.
 */
export async function listSnapshotStudies(
  user: UserDto,
  studyId: number,
): Promise<{ id: number; name: string; sharedQuestions: number }[]> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const studies = await db.study.findMany({
    where: { AND: [researcherStudiesWhere(user), { id: { not: studyId } }] },
    select: { id: true, name: true },
  });
  const shared = await sharedQuestionCounts(
    studyId,
    studies.map((s) => s.id),
  );
  return studies
    .map((s) => ({ ...s, sharedQuestions: shared.get(s.id) ?? 0 }))
    .sort((x, y) => y.sharedQuestions - x.sharedQuestions || x.name.localeCompare(y.name));
}
