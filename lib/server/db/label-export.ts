import "server-only";
import { databaseUrl, providerOf } from "./database-url.mjs";
import { placeholders } from "./lists";
import { readRows } from "./sql-connection";
import { isoTimeSql } from "./sql-time";

/** Which labels an export writes: some judges' labels of a study on some targets, on one scale or any. */
export type LabelExportFilter = {
  studyId: number;
  judgeIds: readonly number[];
  targetTypes: readonly string[];
  scale?: string;
};

/** A label as qrels and CSV write it: its judge, its target by external ids, its value. */
export type ExportedLabel = {
  id: number;
  judge: string;
  query: string | null;
  nugget: string | null;
  doc: string | null;
  scale: string;
  value: string;
};

/** A label with everything JSON lines write besides. */
export type FullExportedLabel = ExportedLabel & {
  judgeKind: string;
  targetType: string;
  systemA: string | null;
  systemB: string | null;
  criterion: string | null;
  /** UTC, ISO 8601 to the millisecond. */
  createdAt: string;
};

function where(filter: LabelExportFilter): { sql: string; params: unknown[] } {
  return {
    sql: `l."studyId" = ? AND l."judgeId" IN (${placeholders(filter.judgeIds)}) AND l."targetType" IN (${placeholders(filter.targetTypes)})${filter.scale === undefined ? "" : ` AND l."scale" = ?`}`,
    params: [
      filter.studyId,
      ...filter.judgeIds,
      ...filter.targetTypes,
      ...(filter.scale === undefined ? [] : [filter.scale]),
    ],
  };
}

/** The scales the filtered labels use. */
export async function exportedLabelScales(filter: LabelExportFilter): Promise<string[]> {
  const w = where(filter);
  const rows = await readRows<{ scale: string }>(
    `SELECT DISTINCT l."scale" AS "scale" FROM "Label" l WHERE ${w.sql} ORDER BY l."scale"`,
    w.params,
  );
  return rows.map((r) => r.scale);
}

/** Whether the filter holds any label. */
export async function hasExportedLabels(filter: LabelExportFilter): Promise<boolean> {
  const w = where(filter);
  return (await readRows(`SELECT 1 AS "one" FROM "Label" l WHERE ${w.sql} LIMIT 1`, w.params)).length === 1;
}

/** The id before the study's first label: where a walk through its labels in id order starts. */
export async function labelIdBeforeStudy(studyId: number): Promise<number> {
  const [row] = await readRows<{ first: unknown }>(`SELECT MIN("id") AS "first" FROM "Label" WHERE "studyId" = ?`, [
    studyId,
  ]);
  return row?.first === null || row?.first === undefined ? 0 : Number(row.first) - 1;
}

/**
 * One page of the filtered labels in id order, after `afterId`: one statement joining the external
 * ids and names the formats write (`full`: everything JSON lines write).
 * The page is taken by walking the primary key from `afterId`, so each page costs its own rows: by
 * the (study, target type) index SQLite would sort every remaining label of several target types
 * for each page (NOT INDEXED keeps it on the rowid; PostgreSQL's planner takes the key by itself).
 */
export async function exportedLabelPage(
  filter: LabelExportFilter,
  afterId: number,
  take: number,
): Promise<ExportedLabel[]>;
export async function exportedLabelPage(
  filter: LabelExportFilter,
  afterId: number,
  take: number,
  full: true,
): Promise<FullExportedLabel[]>;
export async function exportedLabelPage(
  filter: LabelExportFilter,
  afterId: number,
  take: number,
  full = false,
): Promise<ExportedLabel[]> {
  const w = where(filter);
  const postgres = providerOf(databaseUrl()) === "postgres";
  const createdAt = isoTimeSql(`l."createdAt"`);
  // only what the format writes: reading a row costs the driver about a microsecond per column
  const more = full
    ? `, j."kind" AS "judgeKind", l."targetType" AS "targetType", sa."name" AS "systemA", sb."name" AS "systemB",
       l."criterion" AS "criterion", ${createdAt} AS "createdAt"`
    : "";
  const rows = await readRows<ExportedLabel>(
    `SELECT l."id" AS "id", j."name" AS "judge", q."externalId" AS "query", n."externalId" AS "nugget",
            d."externalId" AS "doc", l."scale" AS "scale", l."value" AS "value"${more}
       FROM (SELECT * FROM "Label" l${postgres ? "" : " NOT INDEXED"} WHERE l."id" > ? AND ${w.sql} ORDER BY l."id" LIMIT ?) l
       JOIN "Judge" j ON j."id" = l."judgeId"
       LEFT JOIN "Query" q ON q."id" = l."queryId"
       LEFT JOIN "Nugget" n ON n."id" = l."nuggetId"
       LEFT JOIN "Document" d ON d."id" = l."documentId"
       ${full ? `LEFT JOIN "System" sa ON sa."id" = l."systemAId" LEFT JOIN "System" sb ON sb."id" = l."systemBId"` : ""}
      ORDER BY l."id"`,
    [afterId, ...w.params, take],
  );
  for (const row of rows) row.id = Number(row.id);
  return rows;
}
