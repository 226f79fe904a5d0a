#!/usr/bin/env node
// `npm start`: from a fresh clone to Assay at http://localhost:3000 with nothing else done.
// Installs what is missing, generates the Prisma clients, migrates the database, seeds the demo
// study the first time (local mode), builds when the sources changed, and serves.
//
// Local mode (the default): the embedded SQLite database data/assay.db and a generated session
// secret in data/auth-secret. Production mode (NODE_ENV=production): NEXTAUTH_SECRET and
// NEXTAUTH_URL must be set, and the demo is seeded only with ASSAY_DEMO=1.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bin, fail, root, run, start, step } from "./lib/run.mjs";
import {
  ensureCli,
  ensureDependencies,
  ensureNodeVersion,
  ensurePrismaClients,
  migrate,
  requireFreePort,
  requireReachableDatabase,
} from "./lib/setup.mjs";

ensureNodeVersion();
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);

// the configuration is checked before anything is installed or built: a refusal changes nothing
const { databaseUrl, describeUrl, providerOf } = await import("../lib/server/db/database-url.mjs");
const url = databaseUrl();
try {
  providerOf(url);
} catch (error) {
  fail(error.message);
}
const secret =
  process.env.NEXTAUTH_SECRET ||
  (production ? fail("NEXTAUTH_SECRET must be set in production mode (a long random string)") : localSecret());
if (secret.length < 16) fail("NEXTAUTH_SECRET must be at least 16 characters long");
const publicUrl =
  process.env.NEXTAUTH_URL ||
  (production ? fail("NEXTAUTH_URL must be set in production mode (the URL users open)") : `http://localhost:${port}`);

ensureDependencies();
ensurePrismaClients();
await ensureCli();
await requireReachableDatabase(url, describeUrl);
step(`Migrating ${describeUrl(url)}`);
migrate(url);

const seedDemo = production ? process.env.ASSAY_DEMO === "1" : process.env.ASSAY_DEMO !== "0";
const demoBanner = seedDemo
  ? run("node", ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts", "--if-empty"], {
      env: { DATABASE_URL: url },
      quiet: true,
      what: "seeding the demo study",
    })
  : "";

if (buildIsStale()) {
  step("Building Assay (next build)");
  run(bin("next"), ["build"], { what: "next build" });
}

await requireFreePort(port);
step(`Starting Assay at ${publicUrl}`);
// Assay's server (Next.js behind the server that sets each client's address: scripts/serve.mjs)
const server = start("node", ["scripts/serve.mjs", "-p", String(port)], {
  DATABASE_URL: url,
  NEXTAUTH_SECRET: secret,
  NEXTAUTH_URL: publicUrl,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
await waitUntilHealthy(`http://127.0.0.1:${port}/api/health`);
console.log(`\nAssay is ready at ${publicUrl}\n${demoBanner.trim()}\nStop it with Ctrl+C.`);

async function waitUntilHealthy(healthUrl) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(healthUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`the server did not become healthy at ${healthUrl}`);
}

function localSecret() {
  const file = path.join(root, "data", "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** True when .next is missing or older than any source file. */
function buildIsStale() {
  const built = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  const sources = [
    "app",
    "components",
    "lib",
    "public",
    "next.config.ts",
    "proxy.ts",
    "instrumentation.ts",
    "package-lock.json",
    "postcss.config.mjs",
  ];
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(file)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(file, name))), stat.mtimeMs);
}
