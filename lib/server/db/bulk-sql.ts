import "server-only";
import { copyTextLine } from "./copy-text";
import { chunksOf, placeholders, rowsPerStatement } from "./lists";
import { sqlOf, type SqlConnection, type Tx } from "./sql-connection";

type Row = readonly unknown[];
const ident = (name: string) => `"${name}"`;

type UpsertSpec = {
  table: string;
  columns: readonly string[];
  conflict: readonly string[];
  update?: readonly string[];
  returning?: readonly string[];
};

/** From this many rows on, PostgreSQL gets them through COPY (below it, one multi-row INSERT is as fast). */
export const COPY_FROM_ROWS = 500;

/**
 * INSERT ... ON CONFLICT (...) DO UPDATE for many rows at once. The update always touches at least
 * one column, so RETURNING yields every row, new or existing. On SQLite, and for a few rows on
 * PostgreSQL, rows go as multi-row VALUES in chunks under both engines' parameter limits; many
 * rows on PostgreSQL go through COPY (copyRows). Callers check their rows first: either way a row
 * fails only on what the database itself enforces.
 */
export async function upsertMany(tx: Tx, spec: UpsertSpec, rows: readonly Row[]): Promise<Record<string, unknown>[]> {
  const db = sqlOf(tx);
  if (rows.length === 0) return [];
  if (db.copyIn && rows.length >= COPY_FROM_ROWS) return copyRows(db, spec, rows);
  const tuple = `(${spec.columns.map(() => "?").join(",")})`;
  const head = `INSERT INTO ${ident(spec.table)} (${spec.columns.map(ident).join(",")}) VALUES `;
  const tail = onConflict(spec);
  const out: Record<string, unknown>[] = [];
  for (const chunk of chunksOf(rows, rowsPerStatement(spec.columns.length))) {
    const returned = await db.query(head + chunk.map(() => tuple).join(",") + tail, chunk.flat());
    if (spec.returning) out.push(...returned);
  }
  return out;
}

/** The ON CONFLICT ... DO UPDATE clause (and RETURNING) of an upsert. */
function onConflict(spec: UpsertSpec): string {
  const update = spec.update?.length ? spec.update : [spec.conflict[0]!];
  return (
    ` ON CONFLICT (${spec.conflict.map(ident).join(",")}) DO UPDATE SET ${update.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(",")}` +
    (spec.returning ? ` RETURNING ${spec.returning.map(ident).join(",")}` : "")
  );
}

const UNIQUE_VIOLATION = "23505";

/**
 * PostgreSQL's bulk path. New rows (a first import) are streamed by COPY straight into the table,
 * behind a savepoint. When one of them already exists (a re-import), COPY cannot update it: the
 * batch is rolled back to the savepoint and upserted through a staging table instead (copyUpsert),
 * as are rows whose ids the caller wants back.
 */
async function copyRows(db: SqlConnection, spec: UpsertSpec, rows: readonly Row[]) {
  if (spec.returning) return copyUpsert(db, spec, rows);
  await db.query("SAVEPOINT assay_copy");
  try {
    await db.copyIn!(`COPY ${ident(spec.table)} (${spec.columns.map(ident).join(",")}) FROM STDIN`, copyLines(rows));
    await db.query("RELEASE SAVEPOINT assay_copy");
    return [];
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await db.query("ROLLBACK TO SAVEPOINT assay_copy");
    await db.query("RELEASE SAVEPOINT assay_copy");
    return copyUpsert(db, spec, rows);
  }
}

/**
 * The rows streamed by COPY into a temporary table with the target's column types, then moved by
 * one INSERT ... SELECT with the upsert's ON CONFLICT clause, in the rows' order. COPY's own errors
 * name its lines, not the file's: rows reach it checked.
 */
async function copyUpsert(db: SqlConnection, spec: UpsertSpec, rows: readonly Row[]) {
  const staging = ident(`assay_copy_${spec.table}`);
  const columns = spec.columns.map(ident).join(",");
  await db.query(
    `CREATE TEMPORARY TABLE ${staging} ON COMMIT DROP AS SELECT ${columns}, 0 AS "assayRow" FROM ${ident(spec.table)} WITH NO DATA`,
  );
  await db.copyIn!(`COPY ${staging} (${columns},"assayRow") FROM STDIN`, copyLines(rows.map((row, i) => [...row, i])));
  const returned = await db.query(
    `INSERT INTO ${ident(spec.table)} (${columns}) SELECT ${columns} FROM ${staging} ORDER BY "assayRow"${onConflict(spec)}`,
  );
  await db.query(`DROP TABLE ${staging}`); // the next batch of this table may have other columns
  return returned;
}

function* copyLines(rows: readonly Row[]): Generator<string> {
  for (const row of rows) yield copyTextLine(row);
}

/**
 * Selects `columns` of a table's rows whose `column` is one of `values`: on PostgreSQL with one
 * array parameter (`= ANY(?)`, parsed once whatever its length), on SQLite in chunks of IN lists.
 */
export async function selectIn(
  tx: Tx,
  table: string,
  columns: readonly string[],
  column: string,
  values: Iterable<unknown>,
  where: { studyId?: number; setId?: number } = {},
) {
  const db = sqlOf(tx);
  const unique = [...new Set(values)];
  const equal = Object.entries(where).filter(([, v]) => v !== undefined);
  const head = `SELECT ${columns.map(ident).join(",")} FROM ${ident(table)} WHERE ${equal.map(([c]) => `${ident(c)} = ? AND `).join("")}`;
  const scope = equal.map(([, v]) => v);
  if (db.dialect === "postgres")
    return unique.length ? db.query(`${head}${ident(column)} = ANY(?)`, [...scope, unique]) : [];
  const out: Record<string, unknown>[] = [];
  for (const chunk of chunksOf(unique))
    out.push(...(await db.query(`${head}${ident(column)} IN (${placeholders(chunk)})`, [...scope, ...chunk])));
  return out;
}

/** Deletes a table's rows whose `column` is one of `values` (in chunks on SQLite, one array on PostgreSQL). */
export async function deleteIn(tx: Tx, table: string, column: string, values: Iterable<unknown>): Promise<void> {
  const db = sqlOf(tx);
  const unique = [...new Set(values)];
  if (unique.length === 0) return;
  const head = `DELETE FROM ${ident(table)} WHERE ${ident(column)}`;
  if (db.dialect === "postgres") {
    await db.query(`${head} = ANY(?)`, [unique]);
    return;
  }
  for (const chunk of chunksOf(unique)) await db.query(`${head} IN (${placeholders(chunk)})`, chunk);
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
