#!/usr/bin/env node
// `npm run bench [-- NAME...]`: benchmarks print figures; tests never time things.
// Each benchmark runs on a fresh SQLite database, and on PostgreSQL when one answers
// (DATABASE_URL_POSTGRES, or 127.0.0.1:5432).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bin, capture, fail, root } from "./lib/run.mjs";
import {
  createPostgresDatabase,
  ensureCli,
  ensureDependencies,
  ensurePrismaClients,
  postgresBaseUrl,
  probePostgres,
} from "./lib/setup.mjs";

const BENCHMARKS = {
  seed: {
    script: "scripts/bench/seed-demo.ts",
    what: "seed the demo study (6 users, 80 chunks, 640 LLM and 356 expert labels, 180 run entries, a live and four finished campaigns), then re-seed it",
  },
  cli: {
    what: "the command line's start cost against bare node, and LLMJudge's judge table in one call",
    run: () => {
      const result = capture("node", [
        "scripts/bench/cli-start.mjs",
        path.join(root, "data", "bench"),
        path.join(root, "..", "shared", "data", "llmjudge"),
      ]);
      if (result.status !== 0) fail(`the cli benchmark failed:\n${result.output}`);
      process.stdout.write(result.stdout);
    },
  },
  ppi: {
    what: "`ppi-mean` through the CLI on 1,000,000 items with 10,000 human labels (goal: under 1 s)",
    run: () => {
      const result = capture("node", ["scripts/bench/ppi-cli.mjs", path.join(root, "data", "bench", "ppi-1m.csv")]);
      if (result.status !== 0) fail(`the ppi benchmark failed:\n${result.output}`);
      process.stdout.write(result.stdout);
    },
  },
  agreement: {
    what: "each agreement metric over 1,000,000 labels (two judges, 500,000 items, four levels) through the CLI (goal: under 2 s each)",
    run: () => {
      const result = capture("node", [
        "scripts/bench/agreement-cli.mjs",
        path.join(root, "data", "bench", "agreement-1m.csv"),
      ]);
      if (result.status !== 0) fail(`the agreement benchmark failed:\n${result.output}`);
      process.stdout.write(result.stdout);
    },
  },
  evaluate: {
    what: "`evaluate` and `compare-rankings` through the CLI on 10 runs x 200 queries x 1,000 documents (goal: under 2 s); then `evaluate --qrels` on 10 and 100 runs of a TREC track's size (200 x 1,000 each, graded qrels of 150 documents a query, generated once): wall time and peak memory (goals: 100 runs under 150 MB, in about the time of trec_eval run once per file); then `significance` on nDCG@10 for every pair of 10 and of 100 of those runs (goals: under 2 s and under a minute)",
    run: () => {
      const result = capture("node", ["scripts/bench/evaluate-cli.mjs", path.join(root, "data", "bench", "evaluate")]);
      if (result.status !== 0) fail(`the evaluate benchmark failed:\n${result.output}`);
      process.stdout.write(result.stdout);
    },
  },
  "agreement-report": {
    script: "scripts/bench/agreement-report.ts",
    what: "the agreement report for two judges over 100,000 shared targets, and for a campaign's two annotators over 100,000 labels (goal: under 1 s each)",
  },
  "corrected-estimates": {
    script: "scripts/bench/corrected-estimates.ts",
    what: "the Corrected estimates page's server time on 50,000 LLM-labelled pairs with a campaign of 2,000 random pairs labelled by two annotators (goal: under 300 ms)",
  },
  workspace: {
    script: "scripts/bench/workspace.ts",
    what: "server time to claim the next item and to save its label, on a 100,000-item campaign (overlap 2, 10 annotators taking turns; goal: p95 under 20 ms on SQLite)",
  },
  explorer: {
    script: "scripts/bench/explorer.ts",
    what: "the study explorer on the generated FreshStack-scale study (50,000 chunks) with a human judge disagreeing with the LLM: question list, question page, disagreement queue (median server time; goal: under 300 ms)",
    prepare: prepareFreshStackScale,
  },
  "judge-runs": {
    script: "scripts/bench/judge-runs.ts",
    what: "10,000 judgments of a judge run against the test server (its own process) answering in 50 ms, concurrency 16, so at most 320 a second: throughput against that ceiling, Assay's own time per judgment apart from the server's and the runner's CPU per judgment (goals: over 90% of the ceiling, under 2 ms, under 1 ms); then a run of 240 calls at concurrency 4 whose `assay judge run` is SIGKILLed at 40% and resumed with --run ID (goals: finished in under 60 s, under 15 s of CPU, at most 4 calls made twice)",
  },
  load: {
    script: "scripts/bench/load.ts",
    what: "50 simulated annotators (HTTP clients with their own sessions, keep-alive) claim and save for 60 s against Assay's server (scripts/serve.mjs), three runs per engine; the server's (and of it the kernel's) and the load generator's CPU per request over the window, and beside it the framework's floor: the server's CPU for a request Next.js answers without Assay's code, at the same rate for 30 s; then every acknowledged label must be stored exactly once (goals: server CPU under 3 ms per request, p95 under 100 ms, p99 under 250 ms, nothing lost or duplicated)",
    prepare: prepareBuild,
    // three runs, each printed: one run on a shared machine is not a measurement anyone can rely on
    runs: 3,
  },
  export: {
    script: "scripts/bench/export.ts",
    what: "1,000,000 labels of one judge exported as TREC qrels and as CSV, through the command line (its own process: wall time, peak resident memory) and as the browser's download from Assay's server (request to last byte, the server's peak memory and its size before the request) (goals: under 5 s and under 300 MB each)",
    prepare: prepareBuild,
  },
  scale: {
    script: "scripts/bench/scale.ts",
    what: "a TREC-shaped study at three sizes (S = 50 questions x 100 pooled chunks, M = 200 x 500, L = 500 x 1,000; two graded label sets over every pooled pair, 10 runs of 1,000 documents a question; generated once), imported by the command line, then read from Assay's server: Impact, Corrected estimates, Agreement, Disagreements (median of 3), the labels as CSV, the study bundle, and the bundle by the command line; times, peak memory of each command and of the server, the server's open files around the bundle; BENCH_SCALE_SIZES=S,M picks sizes (goals at L: Impact and Corrected estimates under 5 s, under 1.5 s at M; Agreement and Disagreements under 1 s; server under 1 GB; bundles under 3 min and 500 MB; the runs import under 400 MB)",
    prepare: async () => [await prepareBuild(), prepareTrecScale()],
  },
  import: {
    script: "scripts/bench/import-freshstack-scale.ts",
    what: "import a generated FreshStack-scale study (50,000 chunks of ~2 KB, 200 queries, 650 nuggets, 20,000 LLM labels, 5 runs x 100 docs x 200 queries); floor: the same rows loaded by sqlite3's .import and by psql's \\copy (goals: at most 2.5x and 2x the floor)",
    prepare: prepareFreshStackScale,
    floor: { sqlite: { load: sqliteFloor, goal: 2.5 }, postgres: { load: postgresFloor, goal: 2 } },
  },
};

const names = process.argv.slice(2);
for (const n of names)
  if (!BENCHMARKS[n]) fail(`unknown benchmark "${n}" (available: ${Object.keys(BENCHMARKS).join(", ")})`);
ensureDependencies();
ensurePrismaClients();
await ensureCli();

for (const name of names.length ? names : Object.keys(BENCHMARKS)) {
  const bench = BENCHMARKS[name];
  console.log(`\n${name}: ${bench.what}`);
  if (bench.run) {
    bench.run();
    continue;
  }
  for (const [engine, run] of ["sqlite", "postgres"].flatMap((e) =>
    Array.from({ length: bench.runs ?? 1 }, (_, i) => [e, i + 1]),
  )) {
    const database = await freshDatabase(engine);
    const label = bench.runs ? `${engine} run ${run}` : engine;
    if (!database) {
      if (run === 1) console.log(`  ${engine}: skipped (no PostgreSQL reachable)`);
      continue;
    }
    // capture, not run(): the database must be dropped even when the benchmark fails.
    const env = { DATABASE_URL: database.url };
    const args = bench.prepare ? [await bench.prepare()].flat() : [];
    let result = capture(bin("prisma"), ["migrate", "deploy"], { env });
    if (result.status === 0)
      result = capture("node", ["--conditions=react-server", "--import", "tsx", bench.script, ...args], { env });
    if (result.status === 0) console.log(`  ${label}: ${result.stdout.trim()}`);
    const floor = result.status === 0 ? bench.floor?.[engine] : undefined;
    if (floor) {
      const floorMs = await floor.load(database.url);
      const wallMs = JSON.parse(result.stdout.trim().split("\n").at(-1)).wallMs;
      if (floorMs)
        console.log(`  ratio to the floor: ${(wallMs / floorMs).toFixed(2)}x (goal: at most ${floor.goal}x)`);
    }
    await database.drop();
    if (result.status !== 0) fail(`benchmark ${name} failed on ${label}:\n${result.output}`);
  }
}

async function freshDatabase(engine) {
  if (engine === "sqlite") {
    const file = path.join(root, "data", "bench", `${crypto.randomUUID()}.db`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return {
      url: `file:${file}`,
      drop: async () => ["", "-wal", "-shm"].forEach((s) => fs.rmSync(`${file}${s}`, { force: true })),
    };
  }
  const base = postgresBaseUrl();
  if (await probePostgres(base)) return null;
  return createPostgresDatabase(base, "assay_bench");
}

/** A production build for the load benchmark, in its own folder (built each run: it must match the sources). */
async function prepareBuild() {
  if (prepareBuild.done) return ".next-bench";
  const t0 = Date.now();
  const result = capture(bin("next"), ["build"], { env: { ASSAY_DIST_DIR: ".next-bench" } });
  if (result.status !== 0) fail(`next build failed:\n${result.output}`);
  console.log(`  (built .next-bench in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  prepareBuild.done = true;
  return ".next-bench";
}

/** Generates the FreshStack-scale files once (data/bench/freshstack-scale) and returns the folder. */
async function prepareFreshStackScale() {
  const dir = path.join(root, "data", "bench", "freshstack-scale");
  if (!fs.existsSync(path.join(dir, "run-4.txt"))) {
    const t0 = Date.now();
    const result = capture("node", [
      "--import",
      "tsx",
      "-e",
      `import("./scripts/bench/generate-freshstack-scale.ts").then((m) => m.generate(${JSON.stringify(dir)}))`,
    ]);
    if (result.status !== 0) fail(`generating the benchmark files failed:\n${result.output}`);
    console.log(`  (generated ${dir} in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return dir;
}

/** Generates the TREC-scale sizes once (data/bench/trec-scale/S, M, L) and returns the folder. */
function prepareTrecScale() {
  const dir = path.join(root, "data", "bench", "trec-scale");
  for (const size of (process.env.BENCH_SCALE_SIZES ?? "S,M,L").split(",")) {
    const folder = path.join(dir, size);
    if (fs.existsSync(folder)) continue;
    const part = `${folder}.part`; // renamed once whole: an interrupted generation starts again
    fs.rmSync(part, { recursive: true, force: true });
    const t0 = Date.now();
    const result = capture("node", [
      "--import",
      "tsx",
      "-e",
      `import("./scripts/bench/generate-trec-scale.ts").then((m) => m.generate(${JSON.stringify(part)}, ${JSON.stringify(size)}))`,
    ]);
    if (result.status !== 0) fail(`generating the ${size} files failed:\n${result.output}`);
    fs.renameSync(part, folder);
    console.log(`  (generated ${folder} in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return dir;
}

/** Loads the rows the import wrote into a fresh migrated PostgreSQL database with psql's \\copy. */
async function postgresFloor(importedUrl) {
  if (capture("psql", ["--version"]).status !== 0) {
    console.log("  floor: skipped (psql is not installed: apt-get install postgresql-client)");
    return null;
  }
  const target = await createPostgresDatabase(postgresBaseUrl(), "assay_floor");
  const work = path.join(root, "data", "bench", "floor-pg");
  try {
    const migrated = capture(bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: target.url } });
    if (migrated.status !== 0) fail(`migrating the floor database failed:\n${migrated.output}`);
    const result = capture("node", ["scripts/bench/postgres-import-floor.mjs", importedUrl, target.url, work]);
    if (result.status !== 0) fail(`the psql floor failed:\n${result.output}`);
    console.log(`  psql \\copy floor: ${result.stdout.trim()}`);
    return JSON.parse(result.stdout.trim()).floorMs;
  } finally {
    await target.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Loads the rows the import wrote into a fresh migrated SQLite file with sqlite3's .import. */
function sqliteFloor(importedUrl) {
  if (capture("sqlite3", ["-version"]).status !== 0) {
    console.log("  floor: skipped (the sqlite3 shell is not installed: apt-get install sqlite3)");
    return null;
  }
  const target = path.join(root, "data", "bench", `floor-${crypto.randomUUID()}.db`);
  const migrated = capture(bin("prisma"), ["migrate", "deploy"], { env: { DATABASE_URL: `file:${target}` } });
  if (migrated.status !== 0) fail(`migrating the floor database failed:\n${migrated.output}`);
  const work = path.join(root, "data", "bench", "floor-csv");
  const result = capture("node", [
    "scripts/bench/sqlite-import-floor.mjs",
    importedUrl.slice("file:".length),
    target,
    work,
  ]);
  fs.rmSync(target, { force: true });
  fs.rmSync(work, { recursive: true, force: true });
  if (result.status !== 0) fail(`the sqlite3 floor failed:\n${result.output}`);
  console.log(`  sqlite3 .import floor: ${result.stdout.trim()}`);
  return JSON.parse(result.stdout.trim()).floorMs;
}
