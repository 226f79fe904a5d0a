import "server-only";
import { databaseUrl, providerOf } from "./database-url.mjs";
import { readRows } from "./sql-connection";
import { isoTimeSql } from "./sql-time";

/**
 * The study bundle's large record types (pooled pairs, labels, run entries), a page at a time in id
 * order, each row with the external ids and names the bundle writes, in one statement a page.
 * A page is taken by walking the table's primary key from the last id (NOT INDEXED on SQLite, which
 * would otherwise sort every remaining row of the study by id for each page), so each page costs
 * its own rows; a walk starts just before the study's first row (`…IdBeforeStudy`; the labels'
 * is label-export.ts's).
 */

/** A pooled pair as the bundle writes it. */
export type BundlePoolRow = { id: number; query: string; doc: string; sources: string };

/** A label as the bundle writes it (`createdAt` UTC, ISO 8601 to the millisecond). */
export type BundleLabelRow = {
  id: number;
  judge: string;
  targetType: string;
  targetKey: string;
  query: string | null;
  nugget: string | null;
  doc: string | null;
  systemA: string | null;
  systemB: string | null;
  criterion: string | null;
  scale: string;
  value: string;
  createdAt: string;
};

/** A run entry as the bundle writes it. */
export type BundleRunRow = { id: number; system: string; query: string; doc: string; rank: number; score: number };

const notIndexed = () => (providerOf(databaseUrl()) === "postgres" ? "" : " NOT INDEXED");

/** The id before the first of `rows` (a statement giving one column `first`): where a walk starts. */
async function idBefore(sql: string, params: unknown[]): Promise<number> {
  const [row] = await readRows<{ first: unknown }>(sql, params);
  return row?.first === null || row?.first === undefined ? 0 : Number(row.first) - 1;
}

export const poolEntryIdBeforeStudy = (studyId: number) =>
  idBefore(`SELECT MIN("id") AS "first" FROM "PoolEntry" WHERE "studyId" = ?`, [studyId]);

export const runEntryIdBeforeStudy = (studyId: number) =>
  idBefore(
    `SELECT MIN(r."id") AS "first" FROM "RunEntry" r WHERE r."systemId" IN (SELECT "id" FROM "System" WHERE "studyId" = ?)`,
    [studyId],
  );

/** One page of the study's pooled pairs after `afterId`. */
export async function bundlePoolPage(studyId: number, afterId: number, take: number): Promise<BundlePoolRow[]> {
  const rows = await readRows<BundlePoolRow>(
    `SELECT p."id" AS "id", q."externalId" AS "query", d."externalId" AS "doc", p."sources" AS "sources"
       FROM (SELECT * FROM "PoolEntry" p${notIndexed()} WHERE p."id" > ? AND p."studyId" = ? ORDER BY p."id" LIMIT ?) p
       JOIN "Query" q ON q."id" = p."queryId"
       JOIN "Document" d ON d."id" = p."documentId"
      ORDER BY p."id"`,
    [afterId, studyId, take],
  );
  for (const row of rows) row.id = Number(row.id);
  return rows;
}

/** One page of the study's labels (every judge's, on every target) after `afterId`. */
export async function bundleLabelPage(studyId: number, afterId: number, take: number): Promise<BundleLabelRow[]> {
  const rows = await readRows<BundleLabelRow>(
    `SELECT l."id" AS "id", j."name" AS "judge", l."targetType" AS "targetType", l."targetKey" AS "targetKey",
            q."externalId" AS "query", n."externalId" AS "nugget", d."externalId" AS "doc",
            sa."name" AS "systemA", sb."name" AS "systemB", l."criterion" AS "criterion",
            l."scale" AS "scale", l."value" AS "value", ${isoTimeSql(`l."createdAt"`)} AS "createdAt"
       FROM (SELECT * FROM "Label" l${notIndexed()} WHERE l."id" > ? AND l."studyId" = ? ORDER BY l."id" LIMIT ?) l
       JOIN "Judge" j ON j."id" = l."judgeId"
       LEFT JOIN "Query" q ON q."id" = l."queryId"
       LEFT JOIN "Nugget" n ON n."id" = l."nuggetId"
       LEFT JOIN "Document" d ON d."id" = l."documentId"
       LEFT JOIN "System" sa ON sa."id" = l."systemAId"
       LEFT JOIN "System" sb ON sb."id" = l."systemBId"
      ORDER BY l."id"`,
    [afterId, studyId, take],
  );
  for (const row of rows) row.id = Number(row.id);
  return rows;
}

/** One page of the run entries of the study's systems after `afterId`. */
export async function bundleRunPage(studyId: number, afterId: number, take: number): Promise<BundleRunRow[]> {
  const rows = await readRows<BundleRunRow>(
    `SELECT r."id" AS "id", s."name" AS "system", q."externalId" AS "query", d."externalId" AS "doc",
            r."rank" AS "rank", r."score" AS "score"
       FROM (SELECT * FROM "RunEntry" r${notIndexed()}
              WHERE r."id" > ? AND r."systemId" IN (SELECT "id" FROM "System" WHERE "studyId" = ?)
              ORDER BY r."id" LIMIT ?) r
       JOIN "System" s ON s."id" = r."systemId"
       JOIN "Query" q ON q."id" = r."queryId"
       JOIN "Document" d ON d."id" = r."documentId"
      ORDER BY r."id"`,
    [afterId, studyId, take],
  );
  for (const row of rows) {
    row.id = Number(row.id);
    row.rank = Number(row.rank);
    row.score = Number(row.score);
  }
  return rows;
}
