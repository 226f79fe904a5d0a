import "server-only";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import type { ChangedNugget, NuggetImportanceChange } from "@/lib/schemas/nuggets";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Sets a nugget's importance (vital, okay, or not graded). A change raises its question's nugget
 * list version, as adding a nugget does, so a running nugget-quality campaign keeps the list it
 * started with; setting the importance it has changes nothing.
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
      include: { query: { select: { id: true, nuggetVersion: true } } },
    });
    if (!nugget) throw invalid(`nugget: this study has no nugget "${change.nugget}"`);
    if (storedImportance(nugget.importance) === change.importance)
      return { id: nugget.externalId, importance: change.importance, nuggetVersion: nugget.query.nuggetVersion };
    await tx.nugget.update({ where: { id: nugget.id }, data: { importance: change.importance } });
    const query = await tx.query.update({
      where: { id: nugget.query.id },
      data: { nuggetVersion: { increment: 1 } },
      select: { nuggetVersion: true },
    });
    return { id: nugget.externalId, importance: change.importance, nuggetVersion: query.nuggetVersion };
  });
}
