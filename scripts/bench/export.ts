// Benchmark: 1,000,000 labels of one judge (1,000 questions x 1,000 chunks) exported as TREC qrels
// and as CSV, each the two ways a user gets them: the command line (`assay export --out FILE`, its
// own process) and the browser's download (the exports route of Assay's server, read over HTTP to the
// end). Wall time from the command (or the request) to the last byte, and peak resident memory
// (VmHWM) of the command's process and of the server. On DATABASE_URL (fresh, migrated); argv[2]:
// the production build's folder. Goal: under 5 s and under 300 MB each.
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
import { countLines, peakMemoryMb, residentMemoryMb, resetPeakMemory, timedNode } from "../lib/process-memory";

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
    const cli = await timedNode(
      [
        "scripts/assay.mjs",
        "export",
        "--study",
        STUDY,
        "--what",
        "labels",
        "--format",
        format,
        "--judge",
        "llm",
      ].concat(["--out", file]),
      dir,
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
