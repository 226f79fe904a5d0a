#!/usr/bin/env node
// `npm test`: the whole suite. Lint and types, unit tests, integration tests (real processes and
// sockets), the database tier on SQLite and on
// PostgreSQL (DATABASE_URL_POSTGRES, or a server on 127.0.0.1:5432), and the end-to-end tests
// in Debian's Chromium against a production build. ASSAY_REQUIRE_POSTGRES=1 (CI) makes a missing
// PostgreSQL an error instead of a skip. Arguments pick tiers: npm test -- unit db e2e
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bin, capture, captureAsync, fail, root, run, step } from "./lib/run.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { freePorts } from "./lib/free-ports.mjs";
import {
  createPostgresDatabase,
  ensureCli,
  ensureDependencies,
  ensureNodeVersion,
  ensurePrismaClients,
  migrate,
  postgresBaseUrl,
  probePostgres,
} from "./lib/setup.mjs";

const TIERS = ["static", "unit", "integration", "db", "e2e"];
const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const tier of chosen)
  if (!TIERS.includes(tier)) fail(`unknown test tier "${tier}" (choose from ${TIERS.join(", ")})`);
const wants = (tier) => chosen.length === 0 || chosen.includes(tier);
const started = Date.now();
const timings = [];
const timed = async (name, fn) => {
  const t0 = Date.now();
  await fn();
  timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
};

ensureNodeVersion();
ensureDependencies();
ensurePrismaClients();
await ensureCli();
const testData = path.join(root, "data", "test");
fs.mkdirSync(testData, { recursive: true });

if (wants("static")) {
  await timed("format+lint+types", async () => {
    step("Format (prettier), lint (eslint) and types (tsc), side by side");
    // three single-threaded checks on two cores; each one's output is printed when it fails
    const checks = [
      ["prettier (npm run format fixes it)", bin("prettier"), ["--check", "--log-level", "warn", "."]],
      ["eslint", bin("eslint"), ["--max-warnings", "0", "."]],
      ["tsc", bin("tsc"), ["--noEmit"]],
    ];
    const results = await Promise.all(checks.map(([, command, args]) => captureAsync(command, args)));
    const failed = checks.filter((_, i) => results[i].status !== 0).map(([what]) => what);
    for (const result of results) if (result.status !== 0) process.stderr.write(result.output);
    if (failed.length > 0) fail(`${failed.join(", ")} failed`);
  });
}

if (wants("unit")) {
  await timed("unit", () => {
    step("Unit tests");
    run(bin("vitest"), ["run", "--project", "unit"], { what: "unit tests" });
  });
}

if (wants("integration")) {
  await timed("integration", () => {
    step("Integration tests (real processes and sockets)");
    run(bin("vitest"), ["run", "--project", "integration"], { what: "integration tests" });
  });
}

// The end-to-end tier's production build runs beside the database tier: it adds about 25 s to that
// tier against its 40-60 s alone (its two runs wait on their databases part of the time). The e2e
// step waits for it; a tier that fails first stops it.
const e2eBuild = wants("e2e") ? buildInBackground() : null;

if (wants("db")) await timed("db sqlite+postgres", () => databaseTiers());

if (wants("e2e")) {
  await timed("e2e", async () => {
    step("End-to-end tests in Chromium");
    const chromium = ensureChromium();
    const dbFile = path.join(testData, "e2e.db");
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${dbFile}${suffix}`, { force: true });
    const url = `file:${dbFile}`;
    migrate(url);
    run("node", ["--conditions=react-server", "--import", "tsx", "e2e/fixtures/seed-world.ts"], {
      env: { DATABASE_URL: url },
      what: "seeding the e2e world",
    });
    // the first-day test starts from an empty database: migrated, nothing seeded
    const firstDayFile = path.join(testData, "first-day.db");
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${firstDayFile}${suffix}`, { force: true });
    migrate(`file:${firstDayFile}`);
    const built = await e2eBuild;
    if (built.status !== 0) {
      process.stderr.write(built.output);
      fail("next build (for e2e) failed");
    }
    const [port, firstDayPort] = await freePorts(2);
    run(bin("playwright"), ["test"], {
      env: {
        E2E_PORT: String(port),
        E2E_FIRST_DAY_PORT: String(firstDayPort),
        E2E_DATABASE_URL: url,
        E2E_FIRST_DAY_DATABASE_URL: `file:${firstDayFile}`,
        CHROMIUM_PATH: chromium,
        ASSAY_DIST_DIR: ".next-test",
      },
      what: "end-to-end tests",
    });
  });
  await timed("scale-out", () => scaleOutTier());
  await timed("faults", () => faultsTier(path.join(testData, `faults-${crypto.randomUUID()}.db`)));
}

console.log(`\n✔ All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s (${timings.join(", ")})`);

/** `next build` into .next-test as a child that ends with this script; resolves to its status and output. */
function buildInBackground() {
  const child = spawn(bin("next"), ["build"], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ASSAY_DIST_DIR: ".next-test" },
  });
  const stop = () => child.kill();
  process.on("exit", stop);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}` }));
    child.on("close", (status) => {
      process.off("exit", stop);
      resolve({ status: status ?? 1, output });
    });
  });
}

/**
 * Two app processes (the e2e build) on one fresh PostgreSQL database, 50 annotators over HTTP spread
 * over both, items with two seats, 10 seconds: every acknowledged label stored exactly once, no
 * item over its overlap, no request refused (scripts/bench/load.ts exits 1 otherwise).
 */
async function scaleOutTier() {
  const base = postgresBaseUrl();
  const problem = await probePostgres(base);
  if (problem) {
    if (process.env.ASSAY_REQUIRE_POSTGRES === "1")
      fail(`PostgreSQL is not reachable at ${new URL(base).host} (${problem}), and ASSAY_REQUIRE_POSTGRES=1`);
    console.log("\n▸ Scale-out test skipped: no PostgreSQL reachable");
    return;
  }
  step("Scale-out: two app processes on one PostgreSQL database");
  const database = await createPostgresDatabase(base, "assay_scale");
  const env = {
    DATABASE_URL: database.url,
    BENCH_LOAD_SERVERS: "2",
    BENCH_LOAD_OVERLAP: "2",
    BENCH_LOAD_SECONDS: "10",
    BENCH_LOAD_THINK_MS: "100",
    BENCH_LOAD_FLOOR_SECONDS: "0", // the framework's floor is a figure for the benchmark, not a check
  };
  let result = capture(bin("prisma"), ["migrate", "deploy"], { env });
  if (result.status === 0)
    result = capture("node", ["--conditions=react-server", "--import", "tsx", "scripts/bench/load.ts", ".next-test"], {
      env,
    });
  await database.drop();
  console.log(result.stdout.trim());
  if (result.status !== 0) fail(`the scale-out test failed:\n${result.output}`);
}

/**
 * The server killed mid-save and restarted while annotators keep labelling through the browser's
 * outbox (scripts/faults/interrupted-saves.ts), then judge runs joined, killed and interrupted
 * (scripts/faults/judge-runs.ts): on SQLite, and beside it on PostgreSQL, where the database server
 * itself is restarted twice during the saves when this machine's cluster can be (root and
 * pg_ctlcluster). The two engines run side by side: most of their time is waiting.
 */
async function faultsTier(sqliteFile) {
  step(
    "Faults: the app server killed mid-save, PostgreSQL restarted; judge runs joined, killed, interrupted; sign-ins forged, flooded and crowded",
  );
  const runFaults = (env, script) =>
    captureAsync("node", ["--conditions=react-server", "--import", "tsx", `scripts/faults/${script}`, ".next-test"], {
      env,
    });
  /** The two fault tests one after the other on a database; the first failure. */
  const both = async (env, restartEnv = {}) => {
    const saves = await runFaults({ ...env, ...restartEnv }, "interrupted-saves.ts");
    const judging = saves.status === 0 ? await runFaults(env, "judge-runs.ts") : null;
    return {
      stdout: `${saves.stdout.trim()}\n${judging?.stdout.trim() ?? ""}`.trim(),
      failed: [saves, judging].find((r) => r && r.status !== 0),
    };
  };
  const sqliteUrl = `file:${sqliteFile}`;
  migrate(sqliteUrl);
  // sign-ins (forged addresses, floods and crowds) once, on SQLite: the gate is the engine's no concern
  const onSqlite = both({ DATABASE_URL: sqliteUrl }).then(async (result) => {
    if (result.failed) return result;
    const signIns = await runFaults({ DATABASE_URL: sqliteUrl }, "sign-ins.ts");
    return {
      stdout: `${result.stdout}\n${signIns.stdout.trim()}`,
      failed: signIns.status === 0 ? undefined : signIns,
    };
  });
  const base = postgresBaseUrl();
  const problem = await probePostgres(base);
  if (problem && process.env.ASSAY_REQUIRE_POSTGRES === "1") {
    await onSqlite;
    fail(`PostgreSQL is not reachable at ${new URL(base).host} (${problem}), and ASSAY_REQUIRE_POSTGRES=1`);
  }
  const onPostgres = problem ? null : postgresFaults(base, both);
  const [sqlite, postgres] = await Promise.all([onSqlite, onPostgres]);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${sqliteFile}${suffix}`, { force: true });
  console.log(sqlite.stdout);
  if (postgres) console.log(postgres.stdout);
  else console.log("  PostgreSQL part skipped: no PostgreSQL reachable");
  if (sqlite.failed) fail(`a fault test failed on SQLite:\n${sqlite.failed.output}`);
  if (postgres?.failed) fail(`a fault test failed on PostgreSQL:\n${postgres.failed.output}`);
}

async function postgresFaults(base, both) {
  const canRestart =
    process.getuid?.() === 0 &&
    capture("pg_ctlcluster", ["--help"]).status !== 127 &&
    capture("which", ["pg_ctlcluster"]).status === 0;
  if (!canRestart) console.log("  (PostgreSQL is not restarted: that needs root and pg_ctlcluster on this machine)");
  const database = await createPostgresDatabase(base, "assay_faults");
  try {
    const migrated = await captureAsync(bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: database.url } });
    if (migrated.status !== 0) return { stdout: "", failed: migrated };
    return await both({ DATABASE_URL: database.url }, { FAULT_RESTART_POSTGRES: canRestart ? "1" : "0" });
  } finally {
    await database.drop();
  }
}

/**
 * The database tier on SQLite and, beside it, on PostgreSQL: two vitest runs of the db project on
 * their own databases. Each spends much of its time waiting on its database (SQLite's fsyncs,
 * PostgreSQL's round trips), so side by side on two cores they take about two thirds of one after
 * the other. Each run's output is printed when it ends, SQLite's first.
 */
async function databaseTiers() {
  const base = postgresBaseUrl();
  const problem = await probePostgres(base);
  if (problem && process.env.ASSAY_REQUIRE_POSTGRES === "1")
    fail(`PostgreSQL is not reachable at ${new URL(base).host} (${problem}), and ASSAY_REQUIRE_POSTGRES=1`);
  step(`Database tier on SQLite${problem ? "" : " and, beside it, on PostgreSQL"}`);
  const tier = (url) => captureAsync(bin("vitest"), ["run", "--project", "db"], { env: { DATABASE_URL: url } });
  const file = path.join(testData, `db-${crypto.randomUUID()}.db`);
  migrate(`file:${file}`);
  const database = problem ? null : await createPostgresDatabase(base, "assay_test");
  let results;
  try {
    // Not migrate(): it exits on failure, and the test database must be dropped in every case.
    const migrated = database && capture(bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: database.url } });
    results = await Promise.all([
      tier(`file:${file}`),
      migrated && migrated.status === 0 ? tier(database.url) : Promise.resolve(migrated),
    ]);
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    await database?.drop();
  }
  const [sqlite, postgres] = results;
  console.log(sqlite.output.trim());
  if (postgres) console.log(`\n▸ Database tier on PostgreSQL\n${postgres.output.trim()}`);
  else
    console.log(
      `\n▸ Database tier on PostgreSQL skipped: PostgreSQL is not reachable at ${new URL(base).host} (${problem}). Set DATABASE_URL_POSTGRES to run it.`,
    );
  if (sqlite.status !== 0) fail("the database tier failed on SQLite");
  if (postgres && postgres.status !== 0) fail("the database tier failed on PostgreSQL");
}
