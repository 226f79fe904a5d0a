import "server-only";
import { chunksOf, rowsPerStatement } from "./lists";
import { sqlOf, type Tx } from "./sql-connection";
import { FIRST_NUGGET_SET } from "@/lib/domain/nuggets/nugget-sets";

/**
 * The id of the study's nugget set `name` (or, with no name, its first set), created when missing
 * (with no name: as "main"): where an import or a review writes nuggets.
 */
export async function nuggetSetIdForWriting(
  tx: Tx,
  studyId: number,
  name: string | null,
  made: { source: string; origin: string },
): Promise<number> {
  const db = sqlOf(tx);
  const [found] = await db.query<{ id: unknown }>(
    name === null
      ? `SELECT "id" FROM "NuggetSet" WHERE "studyId" = ? ORDER BY "id" LIMIT 1`
      : `SELECT "id" FROM "NuggetSet" WHERE "studyId" = ? AND "name" = ?`,
    name === null ? [studyId] : [studyId, name],
  );
  if (found) return Number(found.id);
  const [created] = await db.query<{ id: unknown }>(
    `INSERT INTO "NuggetSet" ("studyId", "name", "source", "origin") VALUES (?, ?, ?, ?) RETURNING "id"`,
    [studyId, name ?? FIRST_NUGGET_SET, made.source, made.origin],
  );
  return Number(created!.id);
}

/** A new version of each question's nugget list in a set. */
export async function bumpNuggetVersions(tx: Tx, setId: number, queryIds: readonly number[]): Promise<void> {
  for (const chunk of chunksOf(queryIds, rowsPerStatement(2)))
    await sqlOf(tx).query(
      `INSERT INTO "NuggetList" ("setId", "queryId", "version") VALUES ${chunk.map(() => "(?, ?, 2)").join(", ")}
       ON CONFLICT ("setId", "queryId") DO UPDATE SET "version" = "NuggetList"."version" + 1`,
      chunk.flatMap((q) => [setId, q]),
    );
}

/** Sets the version of questions' lists in a set where the set has none recorded yet (a bundle's). */
export async function startNuggetVersions(
  tx: Tx,
  setId: number,
  versions: readonly { queryId: number; version: number }[],
): Promise<void> {
  for (const chunk of chunksOf(
    versions.filter((v) => v.version > 1),
    rowsPerStatement(3),
  ))
    await sqlOf(tx).query(
      `INSERT INTO "NuggetList" ("setId", "queryId", "version") VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")}
       ON CONFLICT ("setId", "queryId") DO NOTHING`,
      chunk.flatMap((v) => [setId, v.queryId, v.version]),
    );
}
