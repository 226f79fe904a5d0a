#!/usr/bin/env node
// Stands in for Prisma's native `schema-engine` binary, which cannot be downloaded on machines
// without internet. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here (unless a real binary
// is configured), so the ordinary Prisma CLI works offline: migrate dev|deploy|status|reset|diff,
// db push|execute.
//
// It speaks the binary's JSON-RPC-over-stdio protocol and forwards every call to
// @prisma/schema-engine-wasm, which reaches the database through a driver adapter:
//   file:...                    -> @prisma/adapter-libsql
//   postgres://, postgresql://  -> @prisma/adapter-pg
// Six upstream defects are worked around below; test/db/schema-engine.test.ts covers each one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { sqliteFileOf } from "../lib/server/db/database-url.mjs";

const require = createRequire(import.meta.url);
const isPostgresUrl = (url) => /^postgres(ql)?:\/\//.test(url);

async function loadWasmEngine() {
  const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmFile = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
  const module = new WebAssembly.Module(fs.readFileSync(wasmFile));
  const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

// ---------------------------------------------------------------- SQLite (libsql)

// Defect 1: libsql runs only the first statement of a multi-statement string, and the engine sends
// parameterless scripts (migration replay, `db execute`) through executeRaw. Route them to executeScript.
function runScriptsWhole(connection) {
  const executeRaw = connection.executeRaw.bind(connection);
  connection.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    await connection.executeScript(query.sql);
    return 0;
  };
  return connection;
}

async function sqliteAdapterFactory(url) {
  const { PrismaLibSql } = await import("@prisma/adapter-libsql");
  const main = new PrismaLibSql({ url });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => runScriptsWhole(await main.connect()),
    // Defect 2: the upstream shadow database is ":memory:", and libsql reconnects after each
    // transaction, so the shadow schema vanishes mid-replay. Use a temporary file instead.
    async connectToShadowDb() {
      const file = path.join(os.tmpdir(), `assay-shadow-${randomUUID()}.db`);
      const shadow = runScriptsWhole(await new PrismaLibSql({ url: `file:${file}` }).connect());
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        fs.rmSync(file, { force: true });
      };
      return shadow;
    },
  };
}

// Defect 3: the engine fails with "no such table: _prisma_migrations" when it reads the migration
// history of a fresh SQLite database. Create the table first, with the engine's own DDL.
const SQLITE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;
const METHODS_READING_HISTORY = new Set([
  "devDiagnostic",
  "diagnoseMigrationHistory",
  "markMigrationApplied",
  "markMigrationRolledBack",
]);

// Defect 4: the engine's SQLite reset only deletes rows; `migrate reset` needs the schema dropped.
const SQLITE_DROP_SCHEMA = "PRAGMA writable_schema = 1; DELETE FROM sqlite_master; PRAGMA writable_schema = 0; VACUUM;";

// ---------------------------------------------------------------- PostgreSQL (node-postgres)

// Defect 5: the engine reads pg_catalog columns of the internal type "char" (OID 18), which
// adapter-pg cannot deserialize. Report them as text (OID 25). This process runs nothing else.
function readCharAsText(connection) {
  let proto = Object.getPrototypeOf(connection);
  while (proto && !Object.hasOwn(proto, "performIO")) proto = Object.getPrototypeOf(proto);
  if (!proto || proto.performIO.readsCharAsText) return connection;
  const performIO = proto.performIO;
  proto.performIO = async function (query) {
    const result = await performIO.call(this, query);
    for (const field of result?.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return result;
  };
  proto.performIO.readsCharAsText = true;
  return connection;
}

const cleanups = []; // shadow databases to drop even when a command fails

async function postgresAdapterFactory(url) {
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const main = new PrismaPg({ connectionString: url });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => readCharAsText(await main.connect()),
    // Defect 6: upstream passes { connectionString, database: shadow } and node-postgres lets the
    // connection string win, so the "shadow" database is the MAIN one and replaying migrations
    // there destroys data. Create a real shadow database and connect to it by a rewritten URL.
    async connectToShadowDb() {
      const admin = await main.connect();
      const name = `prisma_migrate_shadow_db_${randomUUID()}`;
      await admin.executeScript(`CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${name}`;
      const shadow = readCharAsText(await new PrismaPg({ connectionString: shadowUrl.toString() }).connect());
      const dispose = shadow.dispose.bind(shadow);
      let disposed = false;
      shadow.dispose = async () => {
        if (disposed) return;
        disposed = true;
        await dispose();
        await admin.executeScript(`DROP DATABASE IF EXISTS "${name}"`);
        await admin.dispose();
      };
      cleanups.push(() => shadow.dispose());
      return shadow;
    },
  };
}

async function adapterFactoryFor(url) {
  if (url.startsWith("file:")) return sqliteAdapterFactory(url);
  if (isPostgresUrl(url)) return postgresAdapterFactory(url);
  throw new Error(`Unsupported datasource URL scheme "${url.split(":")[0]}" (use file: or postgres://)`);
}

// ---------------------------------------------------------------- arguments

const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: {
    datamodels: { type: "string", multiple: true },
    datasource: { type: "string" },
    version: { type: "boolean", short: "V" },
  },
});

if (values.version) {
  const glue = await loadWasmEngine();
  process.stdout.write(`schema-engine-cli ${glue.version()} (wasm bridge)\n`);
  process.exit(0);
}

const url = values.datasource ? JSON.parse(values.datasource).url : undefined;
const isSqlite = url?.startsWith("file:") ?? false;

// ---------------------------------------------------------------- `cli <command>` mode
// The CLI runs `schema-engine --datasource {...} cli can-connect-to-database|create-database|
// drop-database` and reads JSON log lines from stderr (after the first line) when it fails.
async function runCliCommand(command) {
  const fail = (errorCode, message) => {
    const line = { level: "ERROR", target: "schema_engine::logger", fields: { error_code: errorCode, message } };
    process.stderr.write(`schema-engine wasm bridge\n${JSON.stringify(line)}\n`);
    process.exit(1);
  };
  if (!url) fail("P1012", "No datasource url was provided");
  try {
    if (isSqlite) {
      const file = sqliteFileOf(url);
      if (command === "can-connect-to-database" && !fs.existsSync(file)) {
        fail("P1003", `Database ${path.basename(file)} does not exist`);
      }
      if (command === "create-database") fs.closeSync(fs.openSync(file, "a"));
      if (command === "drop-database") fs.rmSync(file, { force: true });
      process.exit(0);
    }
    const pg = (await import("pg")).default;
    const database = decodeURIComponent(new URL(url).pathname.slice(1));
    const adminUrl = new URL(url);
    adminUrl.pathname = "/postgres";
    const client = new pg.Client({
      connectionString: command === "can-connect-to-database" ? url : adminUrl.toString(),
    });
    await client.connect();
    try {
      const ident = `"${database.replaceAll('"', '""')}"`;
      if (command === "can-connect-to-database") await client.query("SELECT 1");
      if (command === "create-database") await client.query(`CREATE DATABASE ${ident}`);
      if (command === "drop-database") await client.query(`DROP DATABASE IF EXISTS ${ident}`);
    } finally {
      await client.end().catch(() => {});
    }
    process.exit(0);
  } catch (e) {
    if (e?.code === "3D000") fail("P1003", `Database does not exist: ${e.message}`);
    if (e?.code === "28P01") fail("P1000", `Authentication failed: ${e.message}`);
    fail("P1001", `Can't reach database server: ${e?.message ?? e}`);
  }
}

if (positionals[0] === "cli") await runCliCommand(positionals[1]);

// ---------------------------------------------------------------- JSON-RPC mode

const datamodels = (values.datamodels ?? []).map((file) => [file, fs.readFileSync(file, "utf8")]);
let enginePromise;
let errorRegistry;

function getEngine() {
  enginePromise ??= (async () => {
    const utils = await import("@prisma/driver-adapter-utils");
    let factory;
    if (url) {
      factory = await adapterFactoryFor(url);
    } else {
      // No datasource (`migrate diff --from-empty --to-schema x`): nothing touches a database.
      const source = datamodels.map(([, text]) => text).join("\n");
      const provider = /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/s.exec(source)?.[1] ?? "sqlite";
      factory = utils.mockMigrationAwareAdapterFactory(provider === "postgresql" ? "postgres" : provider);
    }
    const bound = utils.bindMigrationAwareSqlAdapterFactory(factory);
    errorRegistry = bound.errorRegistry;
    const { SchemaEngine } = await loadWasmEngine();
    const log = (line) => process.stderr.write(`${line}\n`);
    return SchemaEngine.new({ datamodels: datamodels.length ? datamodels : undefined }, log, bound);
  })();
  return enginePromise;
}

function toRpcError(e) {
  let message = String(e?.message ?? e);
  const external = /External error id#(\d+)/.exec(message);
  const record = external && errorRegistry?.consumeError(Number(external[1]));
  if (record) message += `\nDriver error: ${JSON.stringify(record.error)}`;
  const isPanic = e instanceof WebAssembly.RuntimeError;
  return {
    code: 4466,
    message: "An error happened. Check the data field for details.",
    data: { is_panic: isPanic, message, error_code: e?.code, meta: e?.meta, error: isPanic ? { message } : undefined },
  };
}

async function handle(engine, method, params) {
  if (method === "getDatabaseVersion") return engine.version();
  if (isSqlite && method === "reset") {
    await engine.dbExecute({ datasourceType: { tag: "url", url }, script: SQLITE_DROP_SCHEMA });
    return {};
  }
  if (isSqlite && METHODS_READING_HISTORY.has(method)) {
    await engine.dbExecute({ datasourceType: { tag: "url", url }, script: SQLITE_MIGRATIONS_TABLE });
  }
  if (typeof engine[method] !== "function")
    throw new Error(`Method ${method} is not supported by the Wasm schema engine`);
  return (await engine[method](params ?? {})) ?? {};
}

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
let queue = Promise.resolve(); // the engine handles one request at a time
const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  if (request.method === undefined) return; // the CLI's reply to one of our `print` requests
  queue = queue.then(async () => {
    try {
      let result = await handle(await getEngine(), request.method, request.params);
      if (request.method === "diff" && typeof result.stdout === "string") {
        // The native engine prints `migrate diff` output through a `print` request.
        const { stdout, ...rest } = result;
        send({
          jsonrpc: "2.0",
          id: `print-${request.id}`,
          method: "print",
          params: { content: stdout.replace(/\n$/, "") },
        });
        result = rest;
      }
      send({ jsonrpc: "2.0", id: request.id, result });
    } catch (e) {
      send({ jsonrpc: "2.0", id: request.id, error: toRpcError(e) });
    }
  });
});
input.on("close", async () => {
  await queue;
  (await enginePromise?.catch(() => null))?.free();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  process.exit(0);
});
