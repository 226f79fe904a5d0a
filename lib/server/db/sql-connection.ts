import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import Database from "libsql";
import { databaseUrl, providerOf, sqliteFileOf } from "./database-url.mjs";
import { secureSqliteFile } from "./sqlite-file.mjs";
import { sqliteRowsRead, sqliteTurn } from "./sqlite-turns";
import { queueSqliteWrite } from "./sqlite-write-queue";

/**
 * A plain SQL connection inside one transaction, for bulk imports and the annotation hot path.
 * Prisma's driver-adapter layer costs about as much as the database itself on multi-row inserts
 * (measured: 50,000 chunks in 2.3 s through Prisma, 1.3 s through libsql directly), and its
 * interactive transactions on SQLite begin deferred, so a concurrent writer can fail them; these
 * transactions take SQLite's write lock up front (BEGIN IMMEDIATE). SQL uses `?` placeholders;
 * PostgreSQL gets them rewritten to $1, $2, ...
 */
export type SqlConnection = {
  readonly dialect: "sqlite" | "postgres";
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A timestamp as the database column stores it for Prisma (ISO text on SQLite). */
  timestamp(date: Date): unknown;
  /**
   * PostgreSQL only: streams text-format lines (each ending in a newline) into a `COPY ... FROM
   * STDIN` statement on the transaction's connection.
   */
  copyIn?(sql: string, lines: Iterable<string>): Promise<void>;
};

/**
 * Runs `work` in one transaction on a fresh connection to DATABASE_URL: committed when it returns,
 * rolled back when it throws. For long bulk work (imports), which should not hold a pooled connection.
 */
export async function withBulkTransaction<T>(
  work: (connection: SqlConnection) => Promise<T>,
  url = databaseUrl(),
): Promise<T> {
  return providerOf(url) === "postgres" ? withPostgres(url, work) : withSqlite(url, work);
}

/**
 * Runs `work` in one short transaction on the process's shared SQLite connection or PostgreSQL
 * pool (the annotation hot path: claims and saves). A durable transaction returns once its commit
 * is on disk (SQLite's synchronous = FULL, PostgreSQL's synchronous_commit as configured); a
 * non-durable one as soon as it is committed: safe against a crash of the process, and a power cut
 * may forget it (and only it) until the next durable commit, which writes both.
 */
export async function withTransaction<T>(
  work: (connection: SqlConnection) => Promise<T>,
  { durable = true, url = databaseUrl() }: { durable?: boolean; url?: string } = {},
): Promise<T> {
  if (providerOf(url) === "postgres") {
    const client = await sharedPool(url).connect();
    try {
      return await inPostgresTransaction(client, work, durable);
    } finally {
      client.release();
    }
  }
  return queueSqliteWrite(() => inSqliteTransaction(sharedSqliteConnection(url), work, durable));
}

type SqliteConnection = {
  db: Database.Database;
  statements: Map<string, Database.Statement>;
  /** The connection's synchronous setting now (the shared writer switches it per transaction). */
  synchronous?: "FULL" | "NORMAL";
};

/**
 * The process's one SQLite connection to `url` for short write transactions (or, `readonly`, for
 * reads outside them), opened on first use, with its prepared statements kept. (@libsql/client
 * opens a new connection for every transaction: under load, opening and preparing cost as much as
 * the work itself.)
 */
function sharedSqliteConnection(url: string, { readonly = false } = {}): SqliteConnection {
  const connections = readonly
    ? (shared.assaySqliteReaders ??= new Map())
    : (shared.assaySqliteConnections ??= new Map());
  let connection = connections.get(url);
  if (!connection) connections.set(url, (connection = openSqlite(url, { readonly })));
  return connection;
}

/** A new connection to the SQLite file of `url` (made its owner's alone first), with no statements prepared yet. */
function openSqlite(url: string, { readonly = false } = {}): SqliteConnection {
  if (!readonly) secureSqliteFile(sqliteFileOf(url));
  return { db: new Database(sqliteFileOf(url), { readonly, timeout: 5000 }), statements: new Map() };
}

/** `sql` prepared on `connection` once and kept (at most 500: statements built for varying IN lists must not pile up). */
function prepared({ db, statements }: SqliteConnection, sql: string): Database.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 500) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement;
}

/** A statement's rows, counted toward the next turn of the event loop (sqliteRowsRead). */
function readAll<R>(statement: Database.Statement, params: readonly unknown[]): R[] {
  const rows = statement.all(...params) as R[];
  sqliteRowsRead(rows.length);
  return rows;
}

async function inSqliteTransaction<T>(
  connection: SqliteConnection,
  work: (connection: SqlConnection) => Promise<T>,
  durable: boolean,
): Promise<T> {
  const { db } = connection;
  const synchronous = durable ? "FULL" : "NORMAL"; // in WAL mode NORMAL syncs at checkpoints, not at each commit
  if (connection.synchronous !== synchronous) {
    db.exec(`PRAGMA synchronous = ${synchronous}`);
    connection.synchronous = synchronous;
  }
  const sql: SqlConnection = {
    dialect: "sqlite",
    async query<R>(text: string, params: readonly unknown[] = []) {
      await sqliteTurn();
      const statement = prepared(connection, text);
      if (statement.reader) return readAll<R>(statement, params);
      statement.run(...params);
      return [];
    },
    timestamp: sqliteTimestamp,
  };
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = await work(sql);
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

const shared = globalThis as unknown as {
  assaySqliteConnections?: Map<string, SqliteConnection>;
  assaySqliteReaders?: Map<string, SqliteConnection>;
  assayPools?: Map<string, pg.Pool>;
};

function sharedPool(url: string): pg.Pool {
  shared.assayPools ??= new Map();
  let pool = shared.assayPools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 10, allowExitOnIdle: true });
    pool.on("error", () => {}); // an idle client lost (e.g. a server restart) is replaced on the next connect
    shared.assayPools.set(url, pool);
  }
  return pool;
}

/** Closes the shared clients (CLI commands, tests and benchmarks call it before exiting). */
export async function closeSharedConnections(): Promise<void> {
  for (const connection of shared.assaySqliteConnections?.values() ?? []) connection.db.close();
  shared.assaySqliteConnections?.clear();
  for (const reader of shared.assaySqliteReaders?.values() ?? []) reader.db.close();
  shared.assaySqliteReaders?.clear();
  for (const pool of shared.assayPools?.values() ?? []) await pool.end();
  shared.assayPools?.clear();
}

async function withSqlite<T>(url: string, work: (connection: SqlConnection) => Promise<T>): Promise<T> {
  const connection = openSqlite(url);
  try {
    const result = await queueSqliteWrite(() => inSqliteTransaction(connection, work, true));
    await refreshPlannerStatistics(connection.db);
    return result;
  } finally {
    connection.db.close();
  }
}

/**
 * SQLite plans a query by its index statistics, which only ANALYZE writes; without them it looks a
 * judge's label up through the unique (judgeId, targetKey) index instead of the covering one, and
 * the agreement report's join takes twice as long. After bulk writes, a sampled ANALYZE (a few ms).
 * PostgreSQL likewise gets an ANALYZE of the tables a bulk transaction inserted into (withPostgres):
 * before autovacuum catches up it estimates one row for a freshly imported table and joins 12,800
 * pool entries by nested loops in 2 s instead of 15 ms. (Analyzing every table after each import
 * took 0.46 s on the FreshStack-scale study, whose five run files are five imports.) It is a
 * VACUUM (ANALYZE): until a table's pages are marked all-visible, which only VACUUM does, an
 * index-only scan still reads each row from the table (the disagreements' scan of 1,000,000 labels
 * at TREC's size: 1,000,000 heap fetches, 1.5 s against 0.4 s). VACUUM skips the pages it marked
 * before, so each import pays for its own rows.
 */
function refreshPlannerStatistics(db: Database.Database): Promise<void> {
  return queueSqliteWrite(async () => {
    db.exec("PRAGMA analysis_limit = 1000; ANALYZE");
  });
}

async function withPostgres<T>(url: string, work: (connection: SqlConnection) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // a re-import's staging tables (upsertMany's COPY path) stay in memory up to this size, not 8 MB
    await client.query("SET temp_buffers = '256MB'");
    const written = new Set<string>();
    const result = await inPostgresTransaction(client, work, true, written);
    if (written.size > 0) await client.query(`VACUUM (ANALYZE) ${[...written].map((t) => `"${t}"`).join(", ")}`);
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The table an INSERT or COPY statement writes (not a temporary staging table of upsertMany's). */
const WRITTEN_TABLE = /^\s*(?:INSERT INTO|COPY) "(?!assay_copy_)(\w+)"/;

async function inPostgresTransaction<T>(
  client: pg.ClientBase,
  work: (connection: SqlConnection) => Promise<T>,
  durable = true,
  written?: Set<string>,
): Promise<T> {
  const noteWritten = (sql: string) => {
    const table = written && WRITTEN_TABLE.exec(sql)?.[1];
    if (table) written.add(table);
  };
  const connection: SqlConnection = {
    dialect: "postgres",
    async query<R>(sql: string, params: readonly unknown[] = []) {
      noteWritten(sql);
      return (await client.query(numberedPlaceholders(sql), params as unknown[])).rows as R[];
    },
    timestamp: (date) => date,
    async copyIn(sql, lines) {
      noteWritten(sql);
      await pipeline(Readable.from(inChunks(lines)), client.query(copyFrom(sql)));
    },
  };
  try {
    await client.query(durable ? "BEGIN" : "BEGIN; SET LOCAL synchronous_commit = off");
    const result = await work(connection);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** Lines joined into chunks of about 64 KiB: one stream write per line costs more than COPY itself. */
function* inChunks(lines: Iterable<string>): Generator<string> {
  let chunk = "";
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** `?` placeholders as PostgreSQL's $1, $2, ... */
const numberedPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** How Prisma stores a DateTime in SQLite (ISO text), so raw writes compare with Prisma's. */
const sqliteTimestamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * One read outside any transaction, through the driver (report inputs, and the checks every
 * request makes: the signed-in user, campaign access): the shared pool on PostgreSQL; on SQLite the
 * process's one read-only libsql connection, with its prepared statements kept. Its rows come out as
 * plain objects three times faster than through @libsql/client (126,400 labels: 0.3 s, not 0.9 s),
 * and a kept connection does not pay for opening the file and preparing on every call. WAL gives
 * each read the last committed state, beside the writer.
 */
export async function readRows<T = Record<string, unknown>>(
  sql: string,
  params: readonly unknown[] = [],
  url = databaseUrl(),
): Promise<T[]> {
  if (providerOf(url) === "postgres")
    return (await sharedPool(url).query(numberedPlaceholders(sql), params as unknown[])).rows as T[];
  await sqliteTurn();
  return readAll<T>(prepared(sharedSqliteConnection(url, { readonly: true }), sql), params);
}

/** A timestamp as a readRows parameter compares with the database's column. */
export const readTimestamp = (date: Date, url = databaseUrl()): unknown =>
  providerOf(url) === "postgres" ? date : sqliteTimestamp(date);

declare const transaction: unique symbol;

/**
 * A transaction as operations hold it: they can only pass it to the query modules of lib/server/db,
 * the one place that writes SQL (see transactions.ts).
 */
export type Tx = { readonly [transaction]: true };

/** The connection behind a transaction handle, for the query modules. */
export const sqlOf = (tx: Tx): SqlConnection => tx as unknown as SqlConnection;

/** A connection as a handle, for the transactions' callbacks. */
export const txOf = (connection: SqlConnection): Tx => connection as unknown as Tx;
