import "server-only";
import type { Db } from "../db/client";
import { invalid } from "../errors";

export type NuggetSetRef = { id: number; name: string };

/**
 * The study's nugget set a report, campaign or run uses: the one named (an "invalid" error naming
 * `field` when the study has none of that name), else the study's first; null when it has none.
 */
export async function resolveNuggetSet(
  db: Db,
  studyId: number,
  name: string | null | undefined,
  field = "nuggetSet",
): Promise<NuggetSetRef | null> {
  const select = { id: true, name: true } as const;
  if (name) {
    const set = await db.nuggetSet.findUnique({ where: { studyId_name: { studyId, name } }, select });
    if (!set) throw invalid(`${field}: the study has no nugget set named "${name}"`);
    return set;
  }
  return db.nuggetSet.findFirst({ where: { studyId }, orderBy: { id: "asc" }, select });
}
