import "server-only";
import { chunksOf, MAX_BOUND, placeholders, rowsPerStatement } from "./lists";
import { readRows, sqlOf, type Tx } from "./sql-connection";
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

/** The texts of these documents, by id (a nuggetizer creation call's passages). */
export async function documentTexts(ids: readonly number[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  for (const chunk of chunksOf(ids)) {
    const rows = await readRows<{ id: unknown; text: string }>(
      `SELECT "id", "text" FROM "Document" WHERE "id" IN (${placeholders(chunk)})`,
      chunk,
    );
    for (const r of rows) texts.set(Number(r.id), r.text);
  }
  return texts;
}

/**
 * A question's nuggets in a set an LLM made (a nugget creation call's result), each with a new id
 * free in the study ("<question>_<n>", else "<question>_<n>_2", ...). A question that has nuggets
 * in the set already keeps them: nothing a review or a label names is ever removed or reworded.
 */
export async function writeCreatedNuggets(
  tx: Tx,
  o: { studyId: number; setId: number; queryId: number; texts: readonly string[] },
): Promise<void> {
  const sql = sqlOf(tx);
  const [held] = await sql.query(`SELECT 1 AS "held" FROM "Nugget" WHERE "setId" = ? AND "queryId" = ? LIMIT 1`, [
    o.setId,
    o.queryId,
  ]);
  if (held || o.texts.length === 0) return;
  const [query] = await sql.query<{ externalId: string }>(`SELECT "externalId" FROM "Query" WHERE "id" = ?`, [
    o.queryId,
  ]);
  const ids = await freeNuggetIds(
    tx,
    o.studyId,
    o.texts.map((_, i) => `${query!.externalId}_${i + 1}`),
  );
  for (const chunk of chunksOf(
    o.texts.map((text, i) => [o.studyId, o.setId, o.queryId, ids[i]!, i + 1, text]),
    rowsPerStatement(6),
  ))
    await sql.query(
      `INSERT INTO "Nugget" ("studyId", "setId", "queryId", "externalId", "position", "text") VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")}`,
      chunk.flat(),
    );
}

/** These ids, each made free in the study by a suffix "_2", "_3", ... where another nugget has it. */
async function freeNuggetIds(tx: Tx, studyId: number, wanted: readonly string[]): Promise<string[]> {
  const ids = [...wanted];
  const suffix = ids.map(() => 1);
  for (;;) {
    const taken = new Set<string>();
    for (const chunk of chunksOf(ids, MAX_BOUND - 1))
      for (const r of await sqlOf(tx).query<{ externalId: string }>(
        `SELECT "externalId" FROM "Nugget" WHERE "studyId" = ? AND "externalId" IN (${placeholders(chunk)})`,
        [studyId, ...chunk],
      ))
        taken.add(r.externalId);
    if (taken.size === 0) return ids;
    ids.forEach((id, i) => {
      if (taken.has(id)) ids[i] = `${wanted[i]}_${++suffix[i]!}`;
    });
  }
}

/**
 * The importance of nuggets of one question's list in a set (a nugget importance call's labels); a
 * nugget of another set is left alone. A list whose importance changed gets a new version.
 */
export async function setNuggetImportance(
  tx: Tx,
  o: { setId: number; queryId: number; values: readonly { nuggetId: number; importance: string }[] },
): Promise<void> {
  let changed = 0;
  for (const v of o.values)
    changed += (
      await sqlOf(tx).query(
        `UPDATE "Nugget" SET "importance" = ?
          WHERE "id" = ? AND "setId" = ? AND "queryId" = ? AND ("importance" IS NULL OR "importance" <> ?) RETURNING "id"`,
        [v.importance, v.nuggetId, o.setId, o.queryId, v.importance],
      )
    ).length;
  if (changed > 0) await bumpNuggetVersions(tx, o.setId, [o.queryId]);
}
