// Benchmark: 10,000 judgments of a judge run against the local OpenAI-compatible test server (its
// own process) answering each call in 50 ms, through an endpoint of concurrency 16: at most 320
// judgments a second. Prints the throughput against that ceiling, and Assay's own time per
// judgment apart from the server's: the time a lane spends per judgment minus the time the server
// held the call (from the request's arrival to its answer, as the server measures it); the rest is
// Assay's (its HTTP client, the database, the worker) and the loopback's. Beside it, the same
// minus the call's latency as Assay's client measured it (request sent to reply read: the worker
// and the database alone), and this process's CPU per judgment (the runner's own: goal under 1 ms).
// Then a crash: a run of 240 calls at concurrency 4 worked by `assay judge run` (its own process),
// SIGKILLed once the server answered 40% of them, and finished by `assay judge run --run ID`: its
// wall time and CPU (the child's, from this process's cutime and cstime once it was reaped), and
// how many calls were made twice (goals: under 60 s, under 15 s of CPU, at most 4). On
// DATABASE_URL (fresh, migrated).
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { getJudgeRun } from "@/lib/server/judging/judge-runs";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import type { UserDto } from "@/lib/server/users/user-dto";
import { generatedLines } from "../lib/generated-lines";

const QUESTIONS = 100;
const POOL = 100;
const CONCURRENCY = 16;
const SERVER_MS = 50;
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now())} ms] ${m}\n`);
const operator: UserDto = { id: 0, email: "bench", name: "bench", role: "admin" };

const server = spawn(
  "node",
  [
    "--import",
    "tsx",
    "-e",
    `import("./test/fake-chat-server.ts").then(async (m) => { const s = await m.startFakeChatServer({ delayMs: ${SERVER_MS} }); console.log(s.url); })`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const [first] = (await once(server.stdout!, "data")) as [Buffer];
const url = first.toString("utf8").trim();

try {
  const study = await findOrCreateStudy("Judge run scale");
  await importIntoStudy(study.id, {
    format: "beir-queries",
    files: [{ name: "q.tsv", chunks: generatedLines((i) => `q${i}\tQuestion ${i}?`, QUESTIONS) }],
  });
  await importIntoStudy(study.id, {
    format: "beir-corpus",
    files: [
      {
        name: "c.tsv",
        chunks: generatedLines((i) => `d${i}\tChunk ${i} of about this long. [[label:${i % 4}]]`, QUESTIONS * POOL),
      },
    ],
  });
  await importIntoStudy(study.id, {
    format: "trec-qrels",
    judge: "bm25-pool",
    scale: "relevance-3",
    files: [
      { name: "pool.qrels", chunks: generatedLines((i) => `q${Math.floor(i / POOL)} 0 d${i} 0`, QUESTIONS * POOL) },
    ],
  });
  log("imported");
  await createEndpoint({
    name: "bench-model",
    baseUrl: url,
    model: "fake-judge",
    apiKey: { source: "none" },
    inputPricePerMillion: 0.15,
    outputPricePerMillion: 0.6,
    concurrency: CONCURRENCY,
  });
  const run = await createJudgeRun(operator, study.id, {
    template: "umbrela-relevance",
    endpoint: "bench-model",
    sample: { kind: "all_pairs" },
  });
  log(`run ${run.id}: ${run.calls} calls`);

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const worker = startJudgeWorker({ runIds: [run.id], pollMs: 200 });
  await worker.idle();
  const wallMs = performance.now() - t0;
  await worker.stop();
  const cpu = process.cpuUsage(cpu0);

  const { run: done } = await getJudgeRun(operator, study.id, run.id);
  const db = await getDb();
  const latency = await db.judgeCall.aggregate({ where: { runId: run.id }, _avg: { latencyMs: true } });
  const labels = await db.label.count({ where: { judge: { name: run.judge } } });
  if (done.calls.done !== run.calls || labels !== run.calls)
    throw new Error(`expected ${run.calls} labelled calls, got ${done.calls.done} calls done and ${labels} labels`);
  const ceiling = (CONCURRENCY * 1000) / SERVER_MS;
  const throughput = (run.calls * 1000) / wallMs;
  const laneMs = (wallMs * CONCURRENCY) / run.calls;
  const clientLatencyMs = latency._avg.latencyMs ?? 0;
  const stats = (await (await fetch(`${url}/stats`)).json()) as { answered: number; meanServerMs: number };
  console.log(
    JSON.stringify({
      judgments: run.calls,
      wallMs: Math.round(wallMs),
      perSecond: Math.round(throughput),
      ceilingPerSecond: ceiling,
      ofCeiling: `${((throughput / ceiling) * 100).toFixed(1)}% (goal: over 90%)`,
      laneMsPerJudgment: Number(laneMs.toFixed(2)),
      serverMsPerCall: Number(stats.meanServerMs.toFixed(2)),
      overheadMsPerJudgment: `${(laneMs - stats.meanServerMs).toFixed(2)} (goal: under 2)`,
      clientLatencyMs: Number(clientLatencyMs.toFixed(2)),
      workerAndDatabaseMsPerJudgment: Number((laneMs - clientLatencyMs).toFixed(2)),
      cpuMsPerJudgment: `${((cpu.user + cpu.system) / 1000 / run.calls).toFixed(3)} (goal: under 1)`,
      cost: done.cost,
    }),
  );
  console.log(JSON.stringify({ crash: await crashAndResume() }));
} finally {
  server.kill();
  await closeSharedConnections();
  await closeDb();
}

/** This process's reaped children's CPU so far, in ms (cutime + cstime of /proc/self/stat, in ticks of 10 ms). */
function childrenCpuMs(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

async function crashAndResume() {
  const PAIRS = 240;
  const study = await findOrCreateStudy("Judge run crash");
  await importIntoStudy(study.id, {
    format: "beir-queries",
    files: [{ name: "q.tsv", chunks: generatedLines((i) => `c${i}\tCrash question ${i}?`, 24) }],
  });
  await importIntoStudy(study.id, {
    format: "beir-corpus",
    files: [{ name: "c.tsv", chunks: generatedLines((i) => `e${i}\tCrash chunk ${i} [[label:${i % 4}]]`, PAIRS) }],
  });
  await importIntoStudy(study.id, {
    format: "trec-qrels",
    judge: "crash-pool",
    scale: "relevance-3",
    files: [{ name: "p.qrels", chunks: generatedLines((i) => `c${Math.floor(i / 10)} 0 e${i} 0`, PAIRS) }],
  });
  await createEndpoint({
    name: "crash-model",
    baseUrl: url,
    model: "fake-judge",
    apiKey: { source: "none" },
    concurrency: 4,
  });
  const stats = async () => (await (await fetch(`${url}/stats`)).json()) as { received: number; answered: number };
  const start = await stats();
  const assay = (args: string[]) =>
    spawn(process.execPath, ["scripts/assay.mjs", "judge", "run", "--study", study.slug, ...args], { stdio: "ignore" });
  const first = assay(["--template", "umbrela-relevance", "--endpoint", "crash-model"]);
  while ((await stats()).answered - start.answered < PAIRS * 0.4) await new Promise((r) => setTimeout(r, 10));
  first.kill("SIGKILL");
  await once(first, "exit");
  const atKill = await stats();
  const db = await getDb();
  const run = await db.judgeRun.findFirstOrThrow({ where: { studyId: study.id } });
  const stored = await db.judgeCall.count({ where: { runId: run.id, status: "done" } });
  const cpu0 = childrenCpuMs();
  const t0 = performance.now();
  const resumed = assay(["--run", String(run.id)]);
  const [code] = (await once(resumed, "exit")) as [number | null];
  const resumeMs = performance.now() - t0;
  const resumeCpuMs = childrenCpuMs() - cpu0;
  const end = await stats();
  const done = await db.judgeCall.count({ where: { runId: run.id, status: "done" } });
  if (code !== 0 || done !== PAIRS)
    throw new Error(`the resumed run exited ${code} with ${done} of ${PAIRS} calls done`);
  return {
    calls: PAIRS,
    answeredAtKill: atKill.answered - start.answered,
    receivedAtKill: atKill.received - start.received,
    storedAtKill: stored,
    resumeSeconds: `${(resumeMs / 1000).toFixed(1)} (goal: under 60)`,
    resumeCpuSeconds: `${(resumeCpuMs / 1000).toFixed(2)} (goal: under 15)`,
    madeTwice: `${end.received - start.received - PAIRS} (goal: at most 4)`,
  };
}
