// Fault test: judge runs worked by several real processes on one database (DATABASE_URL), against
// the local OpenAI-compatible test server. argv[2]: the production build's folder (for Assay's server).
//
// 1. The join, 20 times (in four rounds of five, each on its own study and endpoint, concurrency
//    4): a run of two pairs worked by this process's own worker (as `assay judge run --sample
//    pairs:2` works it), then, once its two calls are in flight, `assay judge run --run ID` joins.
//    The test server holds those two answers until the joiner was measured: its CPU over eight
//    seconds, from its second progress line, must be under 5% of a core (a spin is 100%). A fresh
//    node process's only sizeable CPU while it waits is V8's memory reducer: three full garbage
//    collections of its start-up heap some 8.5 s after it starts (--trace-gc), 40-130 ms in all,
//    which a two-second window could fall on or miss; eight seconds hold them and the polling.
//    Then every fourth joiner is sent SIGINT and must exit 130, every fourth after it SIGTERM and
//    143, and the others exit 0 once the answers are let go and the run is done.
// 2. A crash, beside them: a run of 60 calls (100 ms replies, concurrency 4) whose process is
//    SIGKILLed at 40%; the server received at most 4 calls more than the database stored (the ones in
//    flight), and `--run ID` finishes it with at most 4 calls made twice.
// 3. A server's background worker polls beside a run the CLI works (its slots all
//    held, its answers held by the test server): the server's CPU over two seconds while the calls
//    are in flight, and over three once the run ended, is under 5% of a core; SIGTERM ends it.
// Prints one JSON line of figures; exits 1 when a check fails. Tests time nothing: answers are held
// and let go by the test, never raced against a clock, and the exits have generous bounds.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import type { UserDto } from "@/lib/server/users/user-dto";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { generatedLines } from "../lib/generated-lines";
import { freePorts } from "../lib/free-ports.mjs";
import { startNextServer } from "../lib/next-server";

const distDir = process.argv[2] ?? ".next-test";
const engine = process.env.DATABASE_URL?.startsWith("file:") ? "sqlite" : "postgres";
const log = (m: string) => process.stderr.write(`[judge faults ${Math.round(performance.now())} ms] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OPERATOR: UserDto = { id: 0, email: "faults", name: "faults", role: "admin" };
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

/** A process's CPU time so far, in ms (Linux: utime + stime of /proc/PID/stat, in clock ticks of 10 ms); NaN once it ended. */
function cpuMs(pid: number): number {
  if (!fs.existsSync(`/proc/${pid}/stat`)) return NaN;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Cli = { child: ChildProcess; stdout: string; stderr: string; exited: Promise<number | null> };

function assay(args: string[]): Cli {
  const child = spawn(process.execPath, ["scripts/assay.mjs", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const cli: Cli = { child, stdout: "", stderr: "", exited: Promise.resolve(null) };
  child.stdout!.on("data", (c: Buffer) => (cli.stdout += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (cli.stderr += c.toString("utf8")));
  cli.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  return cli;
}

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!(await ok())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/** Exits within `ms`, or is killed and reported. */
async function exitOf(cli: Cli, what: string, ms: number): Promise<number | null> {
  const code = await Promise.race([cli.exited, sleep(ms).then(() => "alive" as const)]);
  if (code !== "alive") return code;
  problems.push(`${what} was still alive ${ms / 1000} s after it should have ended (CPU ${cpuMs(cli.child.pid!)} ms)`);
  cli.child.kill("SIGKILL");
  return null;
}

/** A study of `questions` x `pool` pairs whose chunks carry their label, named after `name`. */
async function study(name: string, questions: number, pool: number) {
  const s = await findOrCreateStudy(`${name} ${engine} ${Date.now()}`);
  await importIntoStudy(s.id, {
    format: "beir-queries",
    files: [{ name: "q.tsv", chunks: generatedLines((i) => `q${i}\t${name}: question ${i}?`, questions) }],
  });
  await importIntoStudy(s.id, {
    format: "beir-corpus",
    files: [
      {
        name: "c.tsv",
        chunks: generatedLines((i) => `d${i}\t${name}: chunk ${i} [[label:${i % 4}]]`, questions * pool),
      },
    ],
  });
  await importIntoStudy(s.id, {
    format: "trec-qrels",
    judge: "pool",
    scale: "relevance-3",
    files: [{ name: "p.qrels", chunks: generatedLines((i) => `q${Math.floor(i / pool)} 0 d${i} 0`, questions * pool) }],
  });
  return s;
}

async function endpointOn(server: FakeChatServer, name: string, concurrency: number): Promise<string> {
  const endpoint = `${name}-${engine}-${Date.now()}`;
  await createEndpoint({
    name: endpoint,
    baseUrl: server.url,
    model: "fake-judge",
    apiKey: { source: "none" },
    concurrency,
  });
  return endpoint;
}

const callsFor = (server: FakeChatServer, marker: string) =>
  server.calls.filter((c) => c.body.messages.some((m) => m.content.includes(marker))).length;

async function runIdOf(studyId: number): Promise<number> {
  const db = await getDb();
  let run: { id: number } | null = null;
  await until(
    "the run appears",
    async () => {
      run = await db.judgeRun.findFirst({ where: { studyId }, select: { id: true } });
      return run !== null;
    },
    60_000,
  );
  return run!.id;
}

/** How long a waiting joiner's CPU is measured. */
const JOIN_IDLE_MS = 8000;

/** One join: its figures, or a problem. */
async function join(held: FakeChatServer, n: number) {
  const name = `join${n}`;
  const s = await study(name, 1, 4);
  const endpoint = await endpointOn(held, name, 4);
  // the first process is this one (its own worker, as `judge run` starts it); the joiner is the CLI
  const { id: runId } = await createJudgeRun(OPERATOR, s.id, {
    template: "umbrela-relevance",
    endpoint,
    sample: { kind: "random_pairs", pairs: 2 },
  });
  const release = held.hold(`${name}:`);
  const first = startJudgeWorker({ runIds: [runId], pollMs: 500 });
  const firstIdle = first.idle();
  await until(`${name}: two calls in flight`, () => callsFor(held, `${name}:`) === 2, 120_000);
  const joiner = assay(["judge", "run", "--study", s.slug, "--run", String(runId)]);
  // past its start (loading, the first queries) to its second line: what is left is its waiting
  await until(`${name}: the joiner's second progress line`, () => joiner.stdout.split("\n").length > 2, 120_000);
  const before = cpuMs(joiner.child.pid!);
  await sleep(JOIN_IDLE_MS);
  const idleCpuMs = cpuMs(joiner.child.pid!) - before;
  check(
    !(idleCpuMs >= JOIN_IDLE_MS * 0.05),
    `${name}: the joiner used ${idleCpuMs} ms of CPU in ${JOIN_IDLE_MS / 1000} s while it waited`,
  );
  const signal = n % 4 === 1 ? "SIGINT" : n % 4 === 3 ? "SIGTERM" : null;
  let joinerCode: number | null = null;
  if (signal) {
    joiner.child.kill(signal);
    joinerCode = await exitOf(joiner, `${name}: the joiner after ${signal}`, 30_000);
    check(joinerCode === (signal === "SIGINT" ? 130 : 143), `${name}: the joiner exited ${joinerCode} after ${signal}`);
  }
  release();
  const ended = await Promise.race([firstIdle.then(() => true), sleep(60_000).then(() => false)]);
  check(ended, `${name}: the first process's worker did not end the run within 60 s of its answers`);
  await first.stop();
  if (!signal) {
    joinerCode = await exitOf(joiner, `${name}: the joiner`, 30_000);
    check(joinerCode === 0, `${name}: the joiner exited ${joinerCode}: ${joiner.stderr.trim()}`);
  }
  const run = await (await getDb()).judgeRun.findUniqueOrThrow({ where: { id: runId } });
  check(run.status === "done", `${name}: the run is ${run.status}`);
  check(callsFor(held, `${name}:`) === 2, `${name}: ${callsFor(held, `${name}:`)} calls for 2 pairs`);
  return { idleCpuMs };
}

/** The crash: figures, or problems. */
async function crash(fast: FakeChatServer) {
  const s = await study("crash", 6, 10);
  const endpoint = await endpointOn(fast, "crash", 4);
  const first = assay(["judge", "run", "--study", s.slug, "--template", "umbrela-relevance", "--endpoint", endpoint]);
  const runId = await runIdOf(s.id);
  await until("crash: 40% of the calls answered", () => callsFor(fast, "crash:") >= 24, 120_000);
  first.child.kill("SIGKILL");
  await first.exited;
  const db = await getDb();
  const received = callsFor(fast, "crash:");
  const stored = await db.judgeCall.count({ where: { runId, status: "done" } });
  check(received - stored <= 4, `crash: the server received ${received} calls, the database stored ${stored}`);
  const started = Date.now();
  const resumed = assay(["judge", "run", "--study", s.slug, "--run", String(runId)]);
  const code = await exitOf(resumed, "crash: the resumed run", 120_000);
  check(code === 0, `crash: the resumed run exited ${code}: ${resumed.stderr.trim()}`);
  const total = callsFor(fast, "crash:");
  check(total - 60 <= 4, `crash: ${total} calls were made for 60 pairs`);
  const done = await db.judgeCall.count({ where: { runId, status: "done" } });
  check(done === 60, `crash: ${done} of 60 calls done`);
  return { receivedAtKill: received, storedAtKill: stored, madeTwice: total - 60, resumeMs: Date.now() - started };
}

/** A server's worker beside the CLI, then idle. */
async function serverWorker(held: FakeChatServer) {
  const [port] = await freePorts(1);
  const { server, base } = startNextServer({ port: port!, distDir, secret: "fault-test-secret-0123456789abcdef" });
  const exited = new Promise<number | null>((resolve) =>
    server.on("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  try {
    await until(
      "the server answers",
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      120_000,
    );
    const s = await study("server", 1, 8);
    const endpoint = await endpointOn(held, "server", 4);
    const release = held.hold("server:");
    const cli = assay([
      "judge",
      "run",
      "--study",
      s.slug,
      "--template",
      "umbrela-relevance",
      "--endpoint",
      endpoint,
      "--sample",
      "pairs:6",
    ]);
    await until("server: four calls in flight", () => callsFor(held, "server:") >= 4, 60_000);
    await sleep(2500); // the server's worker polls at least once
    const busyBefore = cpuMs(server.pid!);
    await sleep(2000);
    const busyCpuMs = cpuMs(server.pid!) - busyBefore;
    check(
      busyCpuMs < 100,
      `server: Assay's server used ${busyCpuMs} ms of CPU in 2 s while the CLI's calls were in flight`,
    );
    release();
    const code = await exitOf(cli, "server: the CLI run", 60_000);
    check(code === 0, `server: the CLI run exited ${code}: ${cli.stderr.trim()}`);
    check(callsFor(held, "server:") === 6, `server: ${callsFor(held, "server:")} calls for 6 pairs`);
    await sleep(2500); // the worker's next poll finds nothing
    const before = cpuMs(server.pid!);
    await sleep(3000);
    const idleCpuMs = cpuMs(server.pid!) - before;
    check(idleCpuMs < 150, `server: Assay's server used ${idleCpuMs} ms of CPU in 3 s with no run to work`);
    server.kill("SIGTERM");
    const stopped = await Promise.race([exited, sleep(15_000).then(() => "alive" as const)]);
    check(stopped !== "alive", "server: Assay's server was still alive 15 s after SIGTERM");
    return { cpuMsIn2sBesideTheRun: busyCpuMs, cpuMsIn3sAfter: idleCpuMs };
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
}

// the bin bundles the command line when it is stale: once, here, before the processes below start it at once
if (spawnSync(process.execPath, ["scripts/assay.mjs", "help"], { stdio: "ignore" }).status !== 0)
  throw new Error("the assay bin does not start");
const held = await startFakeChatServer();
const fast = await startFakeChatServer({ delayMs: 100 });
let figures: Record<string, unknown> = {};
try {
  const crashed = crash(fast).catch((e: Error) => (problems.push(`crash: ${e.message}`), null));
  const joins: { idleCpuMs: number }[] = [];
  for (let round = 0; round < 4; round++) {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        join(held, round * 5 + i).catch((e: Error) => (problems.push(e.message), null)),
      ),
    );
    joins.push(...results.filter((r) => r !== null));
    log(`joins: round ${round + 1} of 4`);
  }
  const crashFigures = await crashed;
  log("crash done");
  const served = await serverWorker(held).catch((e: Error) => (problems.push(`server: ${e.message}`), null));
  figures = {
    engine,
    joins: joins.length,
    joinerCpuMsIn8sWhileWaiting: { max: Math.max(...joins.map((j) => j.idleCpuMs)) },
    crash: crashFigures,
    server: served,
  };
} finally {
  await held.close();
  await fast.close();
  await closeSharedConnections();
  await closeDb();
}
console.log(JSON.stringify({ ...figures, problems }));
process.exit(problems.length > 0 ? 1 : 0);
