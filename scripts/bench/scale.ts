// Benchmark: a TREC-shaped study at three sizes (generate-trec-scale.ts: S = 50 questions x 100
// pooled, M = 200 x 500, L = 500 x 1,000; two graded label sets over every pooled pair, 10 runs of
// 1,000 documents a question) imported by the command line as a team would, then read as the
// browser and the command line read it: Impact, Corrected estimates, Agreement and Disagreements
// as JSON (median of 3), the labels as CSV and the whole study as a bundle from Assay's server,
// and the bundle by `assay export`. Each operation's time; each import's and export command's peak
// memory; the server's peak memory per operation and over each size, and its open files before and
// after the bundle. On DATABASE_URL (fresh, migrated); argv[2]: the production build's folder,
// argv[3]: the folder with one generated folder per size; BENCH_SCALE_SIZES (default S,M,L).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import * as f from "@/prisma/factories";
import { signInOverHttp } from "../lib/annotators-over-http";
import { freePorts } from "../lib/free-ports.mjs";
import { startNextServer, waitUntilUp } from "../lib/next-server";
import {
  countLines,
  openFiles,
  peakMemoryMb,
  residentMemoryMb,
  resetPeakMemory,
  timedNode,
} from "../lib/process-memory";
import { RUNS, SIZES, type Size } from "./generate-trec-scale";

const distDir = process.argv[2] ?? ".next-bench";
const dataDir = process.argv[3]!;
const sizes = (process.env.BENCH_SCALE_SIZES ?? "S,M,L").split(",") as Size[];
const PASSWORD = "bench-scale-password";
const EMAIL = "bench-scale@assay.local";
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now() / 1000)} s] ${m}\n`);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "assay-scale-bench-"));
const study = (size: Size) => `Scale ${size}`;

await f.upsertUser(await getDb(), { email: EMAIL, role: "researcher", password: PASSWORD });
await closeSharedConnections();
await closeDb();

const imports: Record<string, unknown> = {};
for (const size of sizes) {
  const dir = path.join(dataDir, size);
  const cli = (format: string, files: string[], more: string[] = []) =>
    timedNode(
      ["scripts/assay.mjs", "import", "--study", study(size), "--owner", EMAIL, "--format", format, ...more].concat(
        files.map((name) => path.join(dir, name)),
      ),
      scratch,
    );
  const steps = {
    queries: await cli("beir-queries", ["queries.tsv"]),
    corpus: await cli("beir-corpus", ["corpus.tsv"]),
    llm: await cli("trec-qrels", ["llm.qrels"], ["--judge", "llm", "--judge-kind", "model", "--scale", "trec-dl-0-3"]),
    nist: await cli(
      "trec-qrels",
      ["nist.qrels"],
      ["--judge", "nist", "--judge-kind", "human", "--scale", "trec-dl-0-3"],
    ),
    runs: await cli(
      "trec-run",
      Array.from({ length: RUNS }, (_, r) => `run-${r}.txt`),
      ["--create-missing"],
    ),
  };
  imports[size] = Object.fromEntries(
    Object.entries(steps).map(([step, t]) => [step, { s: seconds(t.ms), peakMb: t.peakMb }]),
  );
  log(`${size} imported: ${JSON.stringify(imports[size])}`);
}

const [port] = await freePorts(1);
const { server, base } = startNextServer({
  port: port!,
  distDir,
  secret: "scale-benchmark-secret-0123456789abcdef",
  env: { ASSAY_JUDGE_WORKER: "off" },
});
const pid = () => server.pid!;
try {
  await waitUntilUp(server, base);
  const cookie = await signInOverHttp(base, EMAIL, PASSWORD);
  const studies = (await (await fetch(`${base}/api/studies`, { headers: { cookie } })).json()) as {
    studies: { id: number; name: string }[];
  };
  for (const size of sizes) {
    const id = studies.studies.find((s) => s.name === study(size))!.id;
    const get = async (route: string) => {
      const response = await fetch(`${base}/api/studies/${id}/${route}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
      return response;
    };
    const report = async (route: string) => {
      resetPeakMemory(pid());
      const ms: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await (await get(route)).json();
        ms.push(performance.now() - t0);
      }
      return { s: seconds(ms.sort((a, b) => a - b)[1]!), serverPeakMb: peakMemoryMb(pid()) };
    };
    const download = async (route: string) => {
      resetPeakMemory(pid());
      const filesBefore = openFiles(pid());
      const t0 = performance.now();
      const lines = await countLines((await get(route)).body as unknown as AsyncIterable<Uint8Array>);
      const ms = performance.now() - t0;
      return { s: seconds(ms), lines, serverPeakMb: peakMemoryMb(pid()), filesBefore, filesAfter: openFiles(pid()) };
    };
    resetPeakMemory(pid());
    const serverBeforeMb = residentMemoryMb(pid());
    let sizePeakMb = 0;
    const step = async <T extends { serverPeakMb: number }>(name: string, run: () => Promise<T>) => {
      const result = await run();
      sizePeakMb = Math.max(sizePeakMb, result.serverPeakMb);
      log(`${size} ${name}: ${JSON.stringify(result)}`);
      return result;
    };
    const web = {
      impact: await step("impact", () => report("reports/impact?a=llm&b=nist")),
      correctedEstimates: await step("corrected estimates", () =>
        report("reports/corrected-estimates?llm=llm&human=nist"),
      ),
      agreement: await step("agreement", () => report("reports/agreement?a=llm&b=nist")),
      disagreements: await step("disagreements", () => report("disagreements?page=1")),
      labelsCsv: await step("labels csv", () => download("exports?what=labels&format=csv&judge=llm")),
      bundle: await step("bundle", () => download("exports?what=study&format=bundle")),
    };
    const file = path.join(scratch, `${size}.assay.jsonl`);
    const bundleCli = await timedNode(
      ["scripts/assay.mjs", "export", "--study", study(size), "--what", "study", "--format", "bundle", "--out", file],
      scratch,
    );
    const bundleLines = await countLines(fs.createReadStream(file));
    fs.rmSync(file);
    if (bundleLines !== web.bundle.lines)
      throw new Error(`the command wrote ${bundleLines} bundle lines, the download ${web.bundle.lines}`);
    console.log(
      JSON.stringify({
        size,
        ...SIZES[size],
        import: imports[size],
        web,
        bundleCli: { s: seconds(bundleCli.ms), peakMb: bundleCli.peakMb, lines: bundleLines },
        server: { beforeMb: serverBeforeMb, peakMb: sizePeakMb },
      }),
    );
  }
} finally {
  server.kill("SIGTERM");
  fs.rmSync(scratch, { recursive: true, force: true });
}

function seconds(ms: number): number {
  return Math.round(ms / 10) / 100;
}
