import "server-only";
import type { Client, InArgs, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import { PrismaLibSql } from "@prisma/adapter-libsql";

/**
 * Prisma's libsql adapter whose transactions run on the client's one connection.
 *
 * @libsql/client (0.17) starts a transaction by handing its connection to the transaction and
 * opening a new one for what follows; the handed-over connection is never closed, and libsql
 * cannot close a connection that prepared statements before the collector runs
 * (libsql-client-ts#350, libsql-js#230). Every Prisma transaction (an interactive one, a nested
 * write, a read of 1,000 rows with relations) kept a file handle on the database and its WAL and a
 * page cache: a server that sent a large study's bundle held 2,300 open handles and 2.5 GB.
 *
 * The adapter holds its lock from the start of a transaction to its end, so no other query of the
 * client runs in between, and the client's own connection can carry the transaction.
 */
export class OneConnectionLibSql extends PrismaLibSql {
  override createClient(config: Parameters<PrismaLibSql["createClient"]>[0]): Client {
    return transactionsOnItsConnection(super.createClient(config));
  }
}

/** `client`, with `transaction()` as BEGIN ... COMMIT on its own connection. */
export function transactionsOnItsConnection(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === "transaction") return (mode?: TransactionMode) => begin(target, mode ?? "write");
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

async function begin(client: Client, mode: TransactionMode): Promise<Transaction> {
  await client.execute(BEGIN[mode]);
  let open = true;
  const ensureOpen = () => {
    if (!open) throw new Error("The transaction is closed");
  };
  const end = async (sql: "COMMIT" | "ROLLBACK") => {
    await client.execute(sql);
    open = false;
  };
  const transaction: Transaction = {
    async execute(statement: InStatement | string, args?: InArgs): Promise<ResultSet> {
      ensureOpen();
      return typeof statement === "string" ? client.execute(statement, args) : client.execute(statement);
    },
    async batch(statements: InStatement[]): Promise<ResultSet[]> {
      const results: ResultSet[] = [];
      for (const statement of statements) results.push(await transaction.execute(statement));
      return results;
    },
    async executeMultiple(): Promise<void> {
      // The client's executeMultiple rolls back any open transaction when it ends.
      throw new Error("executeMultiple is not available inside a transaction");
    },
    async commit() {
      ensureOpen();
      await end("COMMIT"); // a failed COMMIT (busy) leaves the transaction open for a rollback
    },
    async rollback() {
      if (!open) return;
      try {
        await end("ROLLBACK");
      } catch (error) {
        // After some errors SQLite has rolled back by itself.
        if (!String(error).includes("no transaction is active")) throw error;
        open = false;
      }
    },
    close() {
      if (open) void transaction.rollback();
    },
    get closed() {
      return !open;
    },
  };
  return transaction;
}
