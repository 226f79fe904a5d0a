import "server-only";
import { createClient } from "@libsql/client";
import pg from "pg";
import { databaseUrl, providerOf } from "./database-url.mjs";

/**
 * A plain SQL connection inside one transaction, for bulk imports. Prisma's driver-adapter layer
 * costs about as much as the database itself on multi-row inserts (measured: 50,000 chunks in
 * 2.3 s through Prisma, 1.3 s through libsql directly), so imports talk to the driver. SQL uses
 * `?` placeholders; PostgreSQL gets them rewritten to $1, $2, ...
 */
export type BulkConnection = {
  readonly dialect: "sqlite" | "postgres";
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A timestamp as the database column stores it for Prisma (ISO text on SQLite). */
  timestamp(date: Date): unknown;
};

/** Runs `work` in one transaction on DATABASE_URL: committed when it returns, rolled back when it throws. */
export async function withBulkTransaction<T>(work: (connection: BulkConnection) => Promise<T>, url = databaseUrl()): Promise<T> {
  return providerOf(url) === "postgres" ? withPostgres(url, work) : withSqlite(url, work);
}

async function withSqlite<T>(url: string, work: (connection: BulkConnection) => Promise<T>): Promise<T> {
  const client = createClient({ url, timeout: 5000 });
  const tx = await client.transaction("write");
  const connection: BulkConnection = {
    dialect: "sqlite",
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const result = await tx.execute({ sql, args: params as never });
      return result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]]))) as R[];
    },
    timestamp: (date) => date.toISOString().replace("Z", "+00:00"),
  };
  try {
    const result = await work(connection);
    await tx.commit();
    return result;
  } catch (error) {
    await tx.rollback().catch(() => {});
    throw error;
  } finally {
    tx.close();
    client.close();
  }
}

async function withPostgres<T>(url: string, work: (connection: BulkConnection) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const connection: BulkConnection = {
    dialect: "postgres",
    async query<R>(sql: string, params: readonly unknown[] = []) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await client.query(text, params as unknown[])).rows as R[];
    },
    timestamp: (date) => date,
  };
  try {
    await client.query("BEGIN");
    const result = await work(connection);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** One read outside any transaction, through the driver (for large reads such as report inputs). */
export async function readRows<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = [], url = databaseUrl()): Promise<T[]> {
  if (providerOf(url) === "postgres") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let n = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params as unknown[])).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  }
  const client = createClient({ url, timeout: 5000 });
  try {
    const result = await client.execute({ sql, args: params as never });
    return result.rows.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]]))) as T[];
  } finally {
    client.close();
  }
}
