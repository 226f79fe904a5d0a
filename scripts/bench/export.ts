// Benchmark: 1,000,000 labels of one judge (1,000 questions x 1,000 chunks) exported as TREC qrels
// and as CSV, each the two ways a user gets them: the command line (`assay export --out FILE`, its
// own process) and the browser's download (the exports route of Assay's server, read over HTTP to the
// end). Wall time from the command (or the request) to the last byte, and peak resident memory
// (VmHWM) of the command's process and of the server. On DATABASE_URL (fresh, migrated); argv[2]:
// the production build's folder. Goal: under 5 s and under 300 MB each.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import * as f from "@/prisma/factories";
import { signInOverHttp } from "../lib/annotators-over-http";
import { freePorts } from "../lib/free-ports.mjs";
import { startNextServer, waitUntilUp } from "../lib/next-server";

const QUESTIONS = 1000;
const CHUNKS = 1000; // per question
const LABELS = QUESTIONS * CHUNKS;
const STUDY = "Export scale";
const PASSWORD = "bench-export-password";
const distDir = process.argv[2] ?? ".next-bench";
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now())} ms] ${m}\n`);

// The study: only labels matter to the export; the questions and chunks come with them (--create-missing).
const study = await findOrCreateStudy(STUDY);
await importIntoStudy(study.id, {
  format: "trec-qrels",
  judge: "llm",
  scale: "relevance-3",
  createMissing: true,
  files: [
    {
      name: "llm.qrels",
      chunks: (async function* () {
        for (let q = 0; q < QUESTIONS; q++) {
          let text = "";
          for (let d = 0; d < CHUNKS; d++) text += `q${q} 0 q${q}-d${d} ${(q + d) % 3}\n`;
          yield text;
        }
      })(),
    },
  ],
});
const researcher = await f.upsertUser(await getDb(), {
  email: "bench-export@assay.local",
  role: "researcher",
  password: PASSWORD,
});
await f.upsertMember(await getDb(), study.id, researcher.id, "researcher");
await closeSharedConnections();
await closeDb();
log(`${LABELS} labels imported`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-export-bench-"));
const results: Record<string, unknown> = {};
const [port] = await freePorts(1);
const { server, base } = startNextServer({
  port: port!,
  distDir,
  secret: "export-benchmark-secret-0123456789abcdef",
});
try {
  await waitUntilUp(server, base);
  const cookie = await signInOverHttp(base, researcher.email, PASSWORD);
  for (const format of ["trec-qrels", "csv"]) {
    const expectedLines = LABELS + (format === "csv" ? 1 : 0);

    // the command line, in its own process; the preload reports its peak memory as it exits
    const file = path.join(dir, `labels.${format}`);
    const cli = await timedProcess(
      ["scripts/assay.mjs", "export", "--study", STUDY, "--what", "labels"],
      ["--format", format, "--judge", "llm", "--out", file],
    );
    const lines = await countLines(fs.createReadStream(file));
    if (lines !== expectedLines) throw new Error(`the command wrote ${lines} ${format} lines, not ${expectedLines}`);

    // the download: the server's peak memory is its VmHWM after the request (reset first)
    resetPeakMemory(server.pid!);
    const serverBeforeMb = residentMemoryMb(server.pid!);
    const t0 = performance.now();
    const response = await fetch(`${base}/api/studies/${study.id}/exports?what=labels&format=${format}&judge=llm`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`the download answered ${response.status}: ${await response.text()}`);
    const downloaded = await countLines(response.body as unknown as AsyncIterable<Uint8Array>);
    const downloadMs = performance.now() - t0;
    if (downloaded !== expectedLines) throw new Error(`the download held ${downloaded} lines, not ${expectedLines}`);

    results[format] = {
      lines: expectedLines,
      cli: { ms: Math.round(cli.ms), peakMb: cli.peakMb },
      download: { ms: Math.round(downloadMs), serverBeforeMb, serverPeakMb: peakMemoryMb(server.pid!) },
    };
    log(`${format} done`);
  }
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ labels: LABELS, ...results, goalMs: 5000, goalPeakMb: 300 }));

/** Runs `node <script> <args>` to its end: wall time, and its peak memory (VmHWM) as the process reported it on exit. */
async function timedProcess(script: string[], args: string[]): Promise<{ ms: number; peakMb: number }> {
  const report = path.join(dir, "peak-memory-kb");
  const preload = path.join(dir, "report-peak-memory.cjs");
  fs.writeFileSync(
    preload,
    // VmHWM, not getrusage's maxRSS: that one starts from the parent's size (this process holds the import)
    `process.on("exit", () => { const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(report)}, /VmHWM:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]); });`,
  );
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--require", preload, ...script, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`${script.join(" ")} exited with ${code}`);
  return { ms, peakMb: Math.round(Number(fs.readFileSync(report, "utf8")) / 1024) };
}

async function countLines(stream: AsyncIterable<Uint8Array | string>): Promise<number> {
  let n = 0;
  for await (const chunk of stream) {
    if (typeof chunk === "string") {
      for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) n++;
    } else {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    }
  }
  return n;
}

/** Linux: writing 5 to clear_refs resets the process's peak resident memory (VmHWM). */
function resetPeakMemory(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The process's peak resident memory (VmHWM) in MB. */
function peakMemoryMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}

/** The process's resident memory now (VmRSS) in MB. */
function residentMemoryMb(pid: number): number {
  return statusMb(pid, "VmRSS");
}

function statusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
}
