// Benchmark: `npm run --silent assay -- evaluate` on 10 runs x 200 queries x 1,000 documents
// (2,000,000 run lines) against nugget qrels of 200 queries x 5 nuggets x 60 judged chunks, end to
// end as a user runs it; then `compare-rankings` against a second qrels set. Then a TREC track's
// size: `evaluate --qrels` (graded qrels of 150 documents a query) on 10 and on 100 runs of 200 x
// 1,000 (6.6 MB each), its wall time and peak memory (VmHWM), the files generated once.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2];
const QUERIES = 200;
const DOCS = 1000;
const RUNS = 10;
// Each run's step through the 5,000 documents is prime to 5,000, so no document repeats within a query
// (evaluate refuses a repeated document, as trec_eval and ndeval do).
const STEPS = [3, 7, 9, 11, 13, 17, 19, 21, 23, 27];
if (!fs.existsSync(path.join(dir, `run-${RUNS - 1}.v2.txt`))) {
  fs.mkdirSync(dir, { recursive: true });
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const [name, flip] of [
    ["qrels-a.txt", 0],
    ["qrels-b.txt", 0.15],
  ]) {
    const lines = [];
    for (let q = 0; q < QUERIES; q++) {
      for (let n = 0; n < 5; n++) {
        for (let d = 0; d < 60; d++) {
          const supported = (q * 7 + n * 13 + d) % 4 === 0;
          lines.push(`q${q} q${q}_${n} d${(q * 31 + n * 17 + d * 11) % 5000} ${supported !== random() < flip ? 1 : 0}`);
        }
      }
    }
    fs.writeFileSync(path.join(dir, name), `${lines.join("\n")}\n`);
  }
  for (let r = 0; r < RUNS; r++) {
    const lines = [];
    for (let q = 0; q < QUERIES; q++) {
      const start = Math.floor(random() * 5000);
      for (let rank = 1; rank <= DOCS; rank++)
        lines.push(
          `q${q} Q0 d${(start + rank * STEPS[r]) % 5000} ${rank} ${(DOCS - rank + random()).toFixed(4)} run-${r}`,
        );
    }
    fs.writeFileSync(path.join(dir, `run-${r}.v2.txt`), `${lines.join("\n")}\n`);
  }
}
const runs = Array.from({ length: RUNS }, (_, r) => ["--run", path.join(dir, `run-${r}.v2.txt`)]).flat();
for (const [label, args] of [
  ["evaluate", ["evaluate", "--nugget-qrels", path.join(dir, "qrels-a.txt"), ...runs]],
  [
    "compare-rankings",
    [
      "compare-rankings",
      "--nugget-qrels-a",
      path.join(dir, "qrels-a.txt"),
      "--nugget-qrels-b",
      path.join(dir, "qrels-b.txt"),
      ...runs,
    ],
  ],
]) {
  const started = performance.now();
  const out = execFileSync("npm", ["run", "--silent", "assay", "--", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - started) / 1000;
  const parsed = JSON.parse(out);
  const summary =
    label === "evaluate" ? `${Object.keys(parsed.runs).length} runs` : `tau-b ${JSON.stringify(parsed.kendall_tau_b)}`;
  console.log(`  ${label.padEnd(18)} ${seconds.toFixed(2)} s  (${summary})`);
}

// A TREC track: graded qrels of 200 queries x 150 documents, and 100 runs of 200 queries x 1,000 documents
const TRACK_RUNS = 100;
const track = path.join(dir, "track");
if (!fs.existsSync(path.join(track, `run-${TRACK_RUNS - 1}.txt`))) {
  fs.mkdirSync(track, { recursive: true });
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const qrels = [];
  for (let q = 0; q < QUERIES; q++)
    for (let d = 0; d < 150; d++) qrels.push(`q${q} 0 d${(q * 37 + d * 13) % 5000} ${Math.floor(random() * 4)}`);
  fs.writeFileSync(path.join(track, "qrels.txt"), `${qrels.join("\n")}\n`);
  for (let r = 0; r < TRACK_RUNS; r++) {
    const out = fs.openSync(path.join(track, `run-${r}.txt`), "w");
    for (let q = 0; q < QUERIES; q++) {
      const start = Math.floor(random() * 5000);
      const step = STEPS[r % STEPS.length];
      let block = "";
      for (let rank = 1; rank <= DOCS; rank++)
        block += `q${q} Q0 d${(start + rank * step) % 5000} ${rank} ${(DOCS - rank + random()).toFixed(4)} track-${r}\n`;
      fs.writeSync(out, block);
    }
    fs.closeSync(out);
  }
}
const bin = path.resolve("node_modules/.bin/assay");
const preload = path.join(track, "report-peak-memory.cjs");
const report = path.join(track, "peak-memory-kb");
fs.writeFileSync(
  preload,
  `process.on("exit", () => { const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(report)}, /VmHWM:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]); });`,
);
// the figures of the last measurement, as docs/TESTING.md records them (its table under `evaluate`)
const testing = fs.readFileSync(path.resolve("docs/TESTING.md"), "utf8");
const recorded = (n) => {
  const row = new RegExp(`^ *\\| ${n} \\| ([\\d.]+ s, \\d+ MB) \\| ([\\d.]+ s)`, "m").exec(testing);
  return row ? `; docs/TESTING.md: ${row[1]}, trec_eval ${row[2]}` : "";
};
for (const n of [10, TRACK_RUNS]) {
  const args = ["evaluate", "--qrels", path.join(track, "qrels.txt")];
  for (let r = 0; r < n; r++) args.push("--run", path.join(track, `run-${r}.txt`));
  const started = performance.now();
  const child = spawn(bin, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_OPTIONS: `--require ${preload}` },
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`evaluate of ${n} runs exited ${code}`);
  const peakMb = Math.round(Number(fs.readFileSync(report, "utf8")) / 1024);
  console.log(
    `  evaluate, ${String(n).padStart(3)} track runs ${seconds.toFixed(2)} s, peak ${peakMb} MB (${Object.keys(JSON.parse(out).runs).length} runs; ${(seconds / n).toFixed(3)} s a run${recorded(n)})`,
  );
}

// Paired significance on the same track: every pair of 10 runs (45) and of 100 runs (4,950) on
// nDCG@10 over the 200 queries, the randomization test by 100,000 draws (goals: under 2 s and
// under a minute)
for (const n of [10, TRACK_RUNS]) {
  const args = ["significance", "--qrels", path.join(track, "qrels.txt"), "--metric", "ndcg@10"];
  for (let r = 0; r < n; r++) args.push("--run", path.join(track, `run-${r}.txt`));
  const started = performance.now();
  const out = execFileSync(bin, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  const pairs = out.trim().split("\n").length;
  console.log(`  significance, ${String(n).padStart(3)} track runs ${seconds.toFixed(2)} s (${pairs} pairs)`);
}
