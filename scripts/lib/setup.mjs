// The set-up steps shared by `npm start` and `npm test`: dependencies, Prisma clients, migrations.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import { secureSqliteFile } from "../../lib/server/db/sqlite-file.mjs";
import { bin, fail, root, run, step } from "./run.mjs";

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  const installed = path.join(root, "node_modules", ".package-lock.json");
  if (mtime(installed) >= mtime(path.join(root, "package-lock.json"))) return;
  step("Installing dependencies (npm ci)");
  run("npm", ["ci", "--no-audit", "--no-fund"], { what: "npm ci" });
}

/** Generates both Prisma clients when missing or older than prisma/models.prisma. */
export function ensurePrismaClients() {
  const source = mtime(path.join(root, "prisma", "models.prisma"));
  for (const provider of ["sqlite", "postgres"]) {
    const generated = path.join(root, "lib", "server", "db", "generated", provider, "client.ts");
    if (mtime(generated) >= source) continue;
    step(`Generating the Prisma client (${provider})`);
    run(bin("prisma"), ["generate", "--schema", `prisma/${provider}/schema.prisma`], { quiet: true });
  }
}

/**
 * Bundles the command line (scripts/build-cli.mjs) when the bundle is missing or older than its
 * sources, and links node_modules/.bin/assay.
 */
export async function ensureCli() {
  const { buildCli, cliIsStale, linkBin } = await import("../build-cli.mjs");
  if (cliIsStale()) {
    step("Bundling the command line (esbuild)");
    await buildCli();
  }
  linkBin();
}

/** Applies pending migrations to the database at `url` (a SQLite file first made private: lib/server/db/sqlite-file.mjs). */
export function migrate(url) {
  if (url.startsWith("file:")) secureSqliteFile(path.resolve(root, url.slice(5)));
  run(bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: url }, quiet: true, what: "applying migrations" });
}

/** null when a PostgreSQL URL's server accepts TCP connections within `timeoutMs`, else the reason. */
export function probePostgres(url, timeoutMs = 3000) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 5432) });
    const done = (reason) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer within ${timeoutMs} ms`));
    socket.on("connect", () => done(null));
    socket.on("error", (e) => done(e.code ?? e.message));
  });
}

/** Exits with one line when the database named by `url` cannot be reached. */
export async function requireReachableDatabase(url, describe) {
  if (!/^postgres(ql)?:\/\//.test(url)) return;
  const problem = await probePostgres(url);
  if (problem)
    fail(
      `cannot reach the database at ${describe(url)} (${problem}); check DATABASE_URL and that PostgreSQL is running`,
    );
}

export function ensureNodeVersion() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19))
    fail(`Node.js 20.19 or newer is required (this is ${process.versions.node})`);
}

/** Exits with one line when something already listens on `port`. */
export async function requireFreePort(port) {
  const inUse = await new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (e) => resolve(e.code === "EADDRINUSE"));
    server.once("listening", () => server.close(() => resolve(false)));
    server.listen(port);
  });
  if (inUse) fail(`port ${port} is already in use (is Assay already running?); stop that process or set PORT`);
}

/**
 * A new, empty PostgreSQL database `<prefix>_<random>` on the server of `baseUrl`, and a `drop()`
 * that removes it (closing its connections).
 */
export async function createPostgresDatabase(baseUrl, prefix) {
  const pg = (await import("pg")).default;
  const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  // a connection per statement: none is held open meanwhile (the fault test restarts the server)
  const adminQuery = async (sql) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The PostgreSQL server the test and bench scripts use: DATABASE_URL_POSTGRES or the local one. */
export const postgresBaseUrl = () => process.env.DATABASE_URL_POSTGRES || "postgres://postgres@127.0.0.1:5432/postgres";
