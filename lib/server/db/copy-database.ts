import "server-only";
import { createHash } from "node:crypto";
import Database from "libsql";
import pg from "pg";
import { describeUrl, providerOf, sqliteFileOf } from "./database-url.mjs";
import { chunksOf, rowsPerStatement } from "./lists";
import { withBulkTransaction, type SqlConnection } from "./sql-connection";

/**
 * A whole Assay instance copied from one database to another, of either engine: `assay db copy`.
 * Every table the migrations made (not Prisma's own `_prisma_migrations`, nor SQLite's internal
 * tables), with its ids, so that references hold; users keep their password hashes. The source is
 * read inside one read transaction (a snapshot: a running instance keeps serving); the target,
 * which must be migrated and empty, is written in one transaction, verified before it commits
 * (row counts and a SHA-256 of every table over a canonical form of its values that both engines
 * give alike), and its id sequences moved past the copied ids.
 */

type Kind = "int" | "float" | "text" | "bool" | "time";
type Column = { name: string; kind: Kind };
export type CopiedTable = { name: string; columns: Column[]; key: string[]; parents: string[] };
export type CopyProgress = { table: string; copied: number; rows: number; done: number; total: number };
export type CopySummary = { tables: { name: string; rows: number; sha256: string }[]; rows: number; ms: number };

/** A read-only snapshot of the source: its tables and their rows in key order, in pages. */
type Snapshot = {
  tables(): Promise<CopiedTable[]>;
  count(table: string): Promise<number>;
  /** Rows (values in column order, canonical JS values) after `after` (a key), at most `limit`. */
  page(table: CopiedTable, after: unknown[] | null, limit: number): Promise<unknown[][]>;
  close(): Promise<void>;
};

const PAGE = 5000;
const ident = (name: string) => `"${name}"`;

/** The value as both engines' rows compare: times in UTC ISO to the millisecond, booleans true/false, NULL as \N. */
function canonical(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "int":
    case "float":
      return Number(value);
    case "bool":
      return value === true || value === 1 || value === 1n || value === "t" || value === "true";
    case "time":
      return new Date(
        typeof value === "string" && !/[zZ]|[+-]\d\d:\d\d$/.test(value)
          ? `${value.replace(" ", "T")}Z`
          : (value as string),
      ).toISOString();
    case "text":
      return String(value);
  }
}

/** How the target stores a canonical value: SQLite's booleans as 0/1 and times as Prisma writes them. */
function stored(dialect: "sqlite" | "postgres", kind: Kind, value: unknown): unknown {
  if (value === null) return null;
  if (dialect === "sqlite" && kind === "bool") return value ? 1 : 0;
  if (dialect === "sqlite" && kind === "time") return (value as string).replace("Z", "+00:00");
  return value;
}

function kindOf(declared: string): Kind {
  const t = declared.toLowerCase();
  if (t.startsWith("timestamp") || t === "datetime") return "time";
  if (t === "boolean") return "bool";
  if (t === "integer" || t === "int" || t === "bigint") return "int";
  if (t === "real" || t === "double precision" || t === "float" || t.startsWith("decimal")) return "float";
  return "text";
}

/** Parents first (a table after every table its foreign keys name), then by name. */
function inCopyOrder(tables: CopiedTable[]): CopiedTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  const visit = (t: CopiedTable, path: Set<string>) => {
    if (placed.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const p of t.parents) if (p !== t.name && byName.has(p)) visit(byName.get(p)!, path);
    placed.add(t.name);
    ordered.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, new Set());
  return ordered;
}

/** A table's order: its primary key, or every column when it has none. */
const keyOr = (key: string[], columns: { name: string }[]) => (key.length > 0 ? key : columns.map((c) => c.name));

const IGNORED = /^(_prisma_migrations|sqlite_.*)$/;

function keyAfter(table: CopiedTable, after: unknown[] | null): { where: string; params: unknown[] } {
  if (!after) return { where: "", params: [] };
  const columns = table.key.map(ident).join(", ");
  return { where: ` WHERE (${columns}) > (${table.key.map(() => "?").join(", ")})`, params: after };
}

async function sqliteSnapshot(url: string): Promise<Snapshot> {
  const db = new Database(sqliteFileOf(url), { readonly: true, timeout: 5000 });
  db.exec("BEGIN"); // a read transaction: one snapshot of the file until it ends
  db.prepare(`SELECT COUNT(*) FROM sqlite_master`).get(); // takes the snapshot now
  return {
    async tables() {
      const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[])
        .map((r) => r.name)
        .filter((n) => !IGNORED.test(n));
      return names.map((name) => {
        const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(name) as {
          name: string;
          type: string;
          pk: number;
        }[];
        const parents = db.prepare(`SELECT "table" AS parent FROM pragma_foreign_key_list(?)`).all(name) as {
          parent: string;
        }[];
        return {
          name,
          columns: info.map((c) => ({ name: c.name, kind: kindOf(c.type) })),
          key: keyOr(
            info
              .filter((c) => c.pk > 0)
              .sort((a, b) => a.pk - b.pk)
              .map((c) => c.name),
            info,
          ),
          parents: parents.map((p) => p.parent),
        };
      });
    },
    async count(table) {
      return Number((db.prepare(`SELECT COUNT(*) AS n FROM ${ident(table)}`).get() as { n: unknown }).n);
    },
    async page(table, after, limit) {
      const { where, params } = keyAfter(table, after);
      const sql = `SELECT ${table.columns.map((c) => ident(c.name)).join(", ")} FROM ${ident(table.name)}${where} ORDER BY ${table.key.map(ident).join(", ")} LIMIT ${limit}`;
      return (
        db
          .prepare(sql)
          .raw(true)
          .all(...params) as unknown[][]
      ).map((row) => row.map((v, i) => canonical(table.columns[i]!.kind, v)));
    },
    async close() {
      if (db.inTransaction) db.exec("COMMIT");
      db.close();
    },
  };
}

/** pg reads `timestamp without time zone` as local time; the copy takes the text as it is (UTC, as Prisma writes it). */
const rawTimestamps = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 1114 ? (text: string) => text : pg.types.getTypeParser(oid, format as "text"),
};

async function postgresSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, types: rawTimestamps });
  await client.connect();
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  await client.query("SELECT 1"); // takes the snapshot now
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    async tables() {
      const columns = (
        await client.query(
          `SELECT table_name, column_name, data_type FROM information_schema.columns
            WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
        )
      ).rows as { table_name: string; column_name: string; data_type: string }[];
      const keys = (
        await client.query(
          `SELECT tc.table_name, kcu.column_name FROM information_schema.table_constraints tc
             JOIN information_schema.key_column_usage kcu
               ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
            WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY'
            ORDER BY tc.table_name, kcu.ordinal_position`,
        )
      ).rows as { table_name: string; column_name: string }[];
      const parents = (
        await client.query(
          `SELECT cl.relname AS child, pa.relname AS parent FROM pg_constraint c
             JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
             JOIN pg_namespace n ON n.oid = cl.relnamespace
            WHERE c.contype = 'f' AND n.nspname = current_schema()`,
        )
      ).rows as { child: string; parent: string }[];
      const names = [...new Set(columns.map((c) => c.table_name))].filter((n) => !IGNORED.test(n));
      return names.map((name) => ({
        name,
        columns: columns
          .filter((c) => c.table_name === name)
          .map((c) => ({ name: c.column_name, kind: kindOf(c.data_type) })),
        key: keyOr(
          keys.filter((k) => k.table_name === name).map((k) => k.column_name),
          columns.filter((c) => c.table_name === name).map((c) => ({ name: c.column_name })),
        ),
        parents: parents.filter((p) => p.child === name).map((p) => p.parent),
      }));
    },
    async count(table) {
      return Number((await client.query(`SELECT COUNT(*) AS n FROM ${ident(table)}`)).rows[0].n);
    },
    async page(table, after, limit) {
      const { where, params } = keyAfter(table, after);
      const sql = `SELECT ${table.columns.map((c) => ident(c.name)).join(", ")} FROM ${ident(table.name)}${where} ORDER BY ${table.key.map(ident).join(", ")} LIMIT ${limit}`;
      const result = await client.query({ text: numbered(sql), values: params, rowMode: "array" });
      return (result.rows as unknown[][]).map((row) => row.map((v, i) => canonical(table.columns[i]!.kind, v)));
    },
    async close() {
      await client.query("COMMIT").catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

const snapshotOf = (url: string) => (providerOf(url) === "postgres" ? postgresSnapshot(url) : sqliteSnapshot(url));

/** Every page of a table's rows, with the table's SHA-256 over its canonical rows in key order. */
async function* pagesOf(source: Snapshot, table: CopiedTable) {
  let after: unknown[] | null = null;
  for (;;) {
    const rows = await source.page(table, after, PAGE);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = table.key.map((k) => last[table.columns.findIndex((c) => c.name === k)]);
    if (rows.length < PAGE) return;
  }
}

const hashRows = (hash: ReturnType<typeof createHash>, rows: unknown[][]) => {
  for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
};

/**
 * Copies the instance at `from` into `to` (see the module's comment). Throws, writing nothing, when
 * the target lacks a table or column of the source's (not migrated to this version), holds any
 * row, or reads back differently from what was written.
 */
export async function copyDatabase(
  from: string,
  to: string,
  onProgress: (p: CopyProgress) => void = () => {},
): Promise<CopySummary> {
  const started = Date.now();
  if (from === to) throw new Error("the target is the source: give another database");
  const source = await snapshotOf(from);
  try {
    const tables = inCopyOrder(await source.tables());
    const counts = new Map<string, number>();
    for (const t of tables) counts.set(t.name, await source.count(t.name));
    const total = [...counts.values()].reduce((s, n) => s + n, 0);
    const target = await snapshotOf(to);
    let targetTables: CopiedTable[];
    try {
      targetTables = await target.tables();
      for (const t of tables) {
        const there = targetTables.find((x) => x.name === t.name);
        const missing = there ? t.columns.filter((c) => !there.columns.some((x) => x.name === c.name)) : [];
        if (!there || missing.length > 0)
          throw new Error(
            `the target ${describeUrl(to)} lacks ${there ? `column "${missing[0]!.name}" of ` : ""}table "${t.name}": migrate it first (DATABASE_URL=<target> npm run db:deploy)`,
          );
        if ((await target.count(t.name)) > 0)
          throw new Error(`the target ${describeUrl(to)} is not empty: table "${t.name}" has rows`);
      }
    } finally {
      await target.close();
    }
    const summary: CopySummary["tables"] = [];
    let done = 0;
    await withBulkTransaction(async (db) => {
      if (db.dialect === "sqlite") await db.query("PRAGMA defer_foreign_keys = ON");
      for (const table of tables) {
        const hash = createHash("sha256");
        let copied = 0;
        for await (const rows of pagesOf(source, table)) {
          await insertRows(db, table, rows);
          hashRows(hash, rows);
          copied += rows.length;
          done += rows.length;
          onProgress({ table: table.name, copied, rows: counts.get(table.name)!, done, total });
        }
        const sha256 = hash.digest("hex");
        await verifyTable(db, table, copied, sha256, to);
        summary.push({ name: table.name, rows: copied, sha256 });
        if (copied === 0) onProgress({ table: table.name, copied, rows: 0, done, total });
      }
      if (db.dialect === "postgres") await moveSequences(db, tables);
    }, to);
    return { tables: summary, rows: done, ms: Date.now() - started };
  } finally {
    await source.close();
  }
}

async function insertRows(db: SqlConnection, table: CopiedTable, rows: unknown[][]) {
  const head = `INSERT INTO ${ident(table.name)} (${table.columns.map((c) => ident(c.name)).join(", ")}) VALUES `;
  const tuple = `(${table.columns.map(() => "?").join(", ")})`;
  for (const part of chunksOf(rows, rowsPerStatement(table.columns.length))) {
    await db.query(
      head + part.map(() => tuple).join(", "),
      part.flatMap((row) => row.map((v, i) => stored(db.dialect, table.columns[i]!.kind, v))),
    );
  }
}

/** The table read back inside the target's transaction: the same count and the same SHA-256, or the copy is rolled back. */
async function verifyTable(db: SqlConnection, table: CopiedTable, rows: number, sha256: string, to: string) {
  const hash = createHash("sha256");
  let count = 0;
  let after: unknown[] | null = null;
  for (;;) {
    const { where, params } = keyAfter(table, after);
    const page = (
      await db.query(
        `SELECT ${table.columns.map((c) => ident(c.name)).join(", ")} FROM ${ident(table.name)}${where} ORDER BY ${table.key.map(ident).join(", ")} LIMIT ${PAGE}`,
        params,
      )
    ).map((r) => table.columns.map((c) => canonical(c.kind, timeText(db.dialect, c.kind, r[c.name]))));
    hashRows(hash, page);
    count += page.length;
    if (page.length < PAGE) break;
    const last = page.at(-1)!;
    after = table.key.map((k) => last[table.columns.findIndex((c) => c.name === k)]);
  }
  const got = hash.digest("hex");
  if (count !== rows || got !== sha256)
    throw new Error(
      `the copy of table "${table.name}" in ${describeUrl(to)} reads back differently (${count} rows of ${rows}, checksum ${got.slice(0, 12)} for ${sha256.slice(0, 12)}): nothing was written`,
    );
}

/**
 * A PostgreSQL timestamp read back through the app's shared pg parser is a Date in local time; as
 * a UTC wall clock (how Prisma writes it) it is that Date's local fields.
 */
function timeText(dialect: "sqlite" | "postgres", kind: Kind, value: unknown): unknown {
  if (dialect !== "postgres" || kind !== "time" || !(value instanceof Date)) return value;
  const d = value;
  return new Date(
    Date.UTC(
      d.getFullYear(),
      d.getMonth(),
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
      d.getSeconds(),
      d.getMilliseconds(),
    ),
  ).toISOString();
}

/** Each serial id's sequence moved past the largest copied id, so the next insert gets a new one. */
async function moveSequences(db: SqlConnection, tables: CopiedTable[]) {
  for (const t of tables) {
    if (!t.columns.some((c) => c.name === "id" && c.kind === "int")) continue;
    // setval is strict: a table whose id has no sequence gets NULL, not an error
    await db.query(
      `SELECT setval(pg_get_serial_sequence(?, 'id'), COALESCE(MAX("id"), 1), MAX("id") IS NOT NULL) FROM ${ident(t.name)}`,
      [ident(t.name)],
    );
  }
}
