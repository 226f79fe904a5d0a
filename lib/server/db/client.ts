import "server-only";
import type { PrismaClient } from "./generated/sqlite/client";
import { databaseUrl, providerOf, sqliteFileOf } from "./database-url.mjs";
import { secureSqliteFile } from "./sqlite-file.mjs";
import { sqliteTurn } from "./sqlite-turns";
import { queueSqliteWrite } from "./sqlite-write-queue";

/**
 * The database client type. Both generated clients share the model API; the PostgreSQL one is
 * typed as the SQLite one so the rest of the code has a single type.
 */
export type Db = PrismaClient;

async function createClient(url: string): Promise<Db> {
  if (providerOf(url) === "postgres") {
    const [{ PrismaClient: PgClient }, { PrismaPg }] = await Promise.all([
      import("./generated/postgres/client"),
      import("@prisma/adapter-pg"),
    ]);
    return new PgClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
  }
  secureSqliteFile(sqliteFileOf(url)); // a file libsql would create is its owner's alone
  const [{ PrismaClient: LiteClient }, { OneConnectionLibSql }] = await Promise.all([
    import("./generated/sqlite/client"),
    import("./libsql-one-connection"),
  ]);
  // `timeout` (milliseconds) is SQLite's busy timeout: a writer waits for another instead of failing.
  // WAL lets readers run beside a writer and persists in the file.
  const client = new LiteClient({ adapter: new OneConnectionLibSql({ url, timeout: 5000 }) });
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  // Writes wait their turn behind raw SQL transactions of this process (see sqlite-write-queue.ts).
  // Each query also gives the event loop a turn now and then (see sqlite-turns.ts).
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        await sqliteTurn();
        return model && WRITES.has(operation) ? queueSqliteWrite(() => query(args)) : query(args);
      },
    },
  }) as unknown as Db;
}

const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);

const cache = globalThis as unknown as { assayDb?: Promise<Db> };

/** The process-wide client for DATABASE_URL (or the embedded SQLite default). */
export function getDb(): Promise<Db> {
  cache.assayDb ??= createClient(databaseUrl());
  return cache.assayDb;
}

/** Closes the process-wide client (CLI commands and tests call this before exiting). */
export async function closeDb(): Promise<void> {
  const db = cache.assayDb;
  cache.assayDb = undefined;
  if (db) await (await db).$disconnect();
}
