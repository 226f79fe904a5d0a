import type { Db } from "@/lib/server/db/client";

/** The version of a question's nugget list in a set (the study's first by default): 1 until it changes. */
export async function nuggetVersionOf(db: Db, queryId: number, setId?: number): Promise<number> {
  const query = await db.query.findUniqueOrThrow({ where: { id: queryId }, select: { studyId: true } });
  const set =
    setId ?? (await db.nuggetSet.findFirst({ where: { studyId: query.studyId }, orderBy: { id: "asc" } }))?.id ?? -1;
  return (await db.nuggetList.findUnique({ where: { setId_queryId: { setId: set, queryId } } }))?.version ?? 1;
}
