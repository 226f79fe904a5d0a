// Helpers for *.db.test.ts files: which engine this run targets, scratch databases and the
// Prisma CLI. scripts/test.mjs runs the db tier once per engine with DATABASE_URL set.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { closeSharedConnections, readRows } from "@/lib/server/db/sql-connection";

export const databaseUrlUnderTest = process.env.DATABASE_URL ?? "";
export const engineUnderTest = /^postgres(ql)?:\/\//.test(databaseUrlUnderTest) ? "postgres" : "sqlite";

/** Runs the project's Prisma CLI against `url`; returns the exit status and output. */
export function prismaCli(args: string[], url: string, input?: string) {
  const result = spawnSync(path.resolve("node_modules/.bin/prisma"), args, {
    env: { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
    input,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export type Scratch = { url: string; drop: () => Promise<void> };

/** An empty database of the engine under test, dropped by `drop()`. */
export async function scratchDatabase(): Promise<Scratch> {
  if (engineUnderTest === "sqlite") {
    const file = path.join(os.tmpdir(), `assay-scratch-${randomUUID()}.db`);
    fs.writeFileSync(file, ""); // an existing, empty database
    return { url: `file:${file}`, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const name = `assay_scratch_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrlUnderTest);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => undefined),
  };
}

/** Runs SQL on the PostgreSQL server of the run (in the database of DATABASE_URL, or another). */
export async function adminQuery(sql: string, url = databaseUrlUnderTest) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A short unique suffix so tests sharing one database never collide on natural keys. */
export const unique = () => randomUUID().slice(0, 8);

/**
 * An empty database of the other engine: SQLite when testing PostgreSQL, PostgreSQL (when one
 * answers) when testing SQLite, or a second SQLite file when none does.
 */
export async function otherEngineDatabase(): Promise<Scratch> {
  if (engineUnderTest === "postgres") {
    const file = path.join(os.tmpdir(), `assay-other-${randomUUID()}.db`);
    fs.writeFileSync(file, "");
    return { url: `file:${file}`, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const base = process.env.DATABASE_URL_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `assay_other_${randomUUID().replaceAll("-", "")}`;
  try {
    await adminQuery(`CREATE DATABASE "${name}"`, base);
  } catch {
    return scratchDatabase(); // no PostgreSQL here
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, base).then(() => undefined),
  };
}

/** Rows of any database by URL (another engine's too), for tests that check a copy or a move. */
export const rowsAt = <T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []) =>
  readRows<T>(sql, params, url);

/** Closes the connections rowsAt (and the operations) opened. */
export const closeConnections = () => closeSharedConnections();
