import "server-only";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import type { ChangedNugget, NuggetImportanceChange } from "@/lib/schemas/nuggets";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Sets a nugget's importance (vital, okay, or not graded). A change raises the version of its
 * question's list in its set, as adding a nugget does, so a running nugget-quality campaign keeps
 * the list it started with; setting the importance it has changes nothing.
 */
export async function setNuggetImportance(
  user: UserDto,
  studyId: number,
  change: NuggetImportanceChange,
): Promise<ChangedNugget> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  return db.$transaction(async (tx) => {
    const nugget = await tx.nugget.findUnique({
      where: { studyId_externalId: { studyId, externalId: change.nugget } },
    });
    if (!nugget) throw invalid(`nugget: this study has no nugget "${change.nugget}"`);
    const list = { setId_queryId: { setId: nugget.setId, queryId: nugget.queryId } };
    if (storedImportance(nugget.importance) === change.importance) {
      const current = await tx.nuggetList.findUnique({ where: list, select: { version: true } });
      return { id: nugget.externalId, importance: change.importance, nuggetVersion: current?.version ?? 1 };
    }
    await tx.nugget.update({ where: { id: nugget.id }, data: { importance: change.importance } });
    const { version } = await tx.nuggetList.upsert({
      where: list,
      create: { setId: nugget.setId, queryId: nugget.queryId, version: 2 },
      update: { version: { increment: 1 } },
      select: { version: true },
    });
    return { id: nugget.externalId, importance: change.importance, nuggetVersion: version };
  });
}
