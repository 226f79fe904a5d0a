import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

type Row = readonly unknown[];
const ident = (name: string) => `"${name}"`;

/**
 * INSERT ... ON CONFLICT (...) DO UPDATE for many rows at once, in SQL that SQLite and PostgreSQL
 * both accept. The update always touches at least one column, so RETURNING yields every row, new
 * or existing. Rows are sent in chunks that stay under both engines' parameter limits.
 */
export async function upsertMany(
  tx: Tx,
  spec: {
    table: string;
    columns: readonly string[];
    conflict: readonly string[];
    update?: readonly string[];
    returning?: readonly string[];
  },
  rows: readonly Row[],
): Promise<Record<string, unknown>[]> {
  const db = sqlOf(tx);
  if (rows.length === 0) return [];
  const update = spec.update?.length ? spec.update : [spec.conflict[0]!];
  const tuple = `(${spec.columns.map(() => "?").join(",")})`;
  const head = `INSERT INTO ${ident(spec.table)} (${spec.columns.map(ident).join(",")}) VALUES `;
  const tail =
    ` ON CONFLICT (${spec.conflict.map(ident).join(",")}) DO UPDATE SET ${update.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(",")}` +
    (spec.returning ? ` RETURNING ${spec.returning.map(ident).join(",")}` : "");
  const chunkSize = Math.max(1, Math.floor(20_000 / spec.columns.length));
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const returned = await db.query(head + chunk.map(() => tuple).join(",") + tail, chunk.flat());
    if (spec.returning) out.push(...returned);
  }
  return out;
}

/** Selects `columns` of a table's rows whose `column` is one of `values`, in chunks. */
export async function selectIn(
  tx: Tx,
  table: string,
  columns: readonly string[],
  column: string,
  values: Iterable<unknown>,
  where: { studyId?: number } = {},
) {
  const db = sqlOf(tx);
  const unique = [...new Set(values)];
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    const studyFilter = where.studyId === undefined ? "" : `${ident("studyId")} = ? AND `;
    const sql = `SELECT ${columns.map(ident).join(",")} FROM ${ident(table)} WHERE ${studyFilter}${ident(column)} IN (${chunk.map(() => "?").join(",")})`;
    out.push(...(await db.query(sql, where.studyId === undefined ? chunk : [where.studyId, ...chunk])));
  }
  return out;
}

/** Maps external ids to row ids for one study's table (Query, Nugget, Document). */
export async function idsByExternalId(
  tx: Tx,
  table: "Query" | "Nugget" | "Document",
  studyId: number,
  externalIds: Iterable<string>,
) {
  const rows = await selectIn(tx, table, ["id", "externalId"], "externalId", externalIds, { studyId });
  return new Map(rows.map((r) => [String(r.externalId), Number(r.id)]));
}

/** The query of each nugget id. */
export async function queryOfNuggets(tx: Tx, nuggetIds: Iterable<number>): Promise<Map<number, number>> {
  const rows = await selectIn(tx, "Nugget", ["id", "queryId"], "id", nuggetIds);
  return new Map(rows.map((r) => [Number(r.id), Number(r.queryId)]));
}
