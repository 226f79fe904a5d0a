// Benchmark: what starting the command line costs, against a bare `node -e 0`: `assay help` (no
// database) through node_modules/.bin/assay and through `npm run --silent assay --`; then LLMJudge's
// whole judge table in one call: 33 LLM judges x 4,423 pairs against the NIST assessors, every
// published statistic (kappa, ordinal alpha, kappa binarized at 1, 2, 3: 165 values), end to end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [dir, llmjudge] = process.argv.slice(2);
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (command, args, runs = 9) =>
  median(
    Array.from({ length: runs }, () => {
      const started = performance.now();
      execFileSync(command, args, { encoding: "utf8", maxBuffer: 1 << 26 });
      return performance.now() - started;
    }),
  );

const bare = time("node", ["-e", "0"]);
const bin = time("node_modules/.bin/assay", ["help"]);
const npm = time("npm", ["run", "--silent", "assay", "--", "help"]);
console.log(`  node -e 0                      ${bare.toFixed(0)} ms (median of 9)`);
console.log(
  `  node_modules/.bin/assay help   ${bin.toFixed(0)} ms (${(bin - bare).toFixed(0)} ms over bare node; goal: under 300 ms)`,
);
console.log(`  npm run --silent assay -- help ${npm.toFixed(0)} ms (${(npm - bare).toFixed(0)} ms over bare node)`);

// LLMJudge's labels as one CSV, clipped to 0..3 as the organisers did
const csv = path.join(dir, "llmjudge-labels.csv");
if (!fs.existsSync(csv)) {
  fs.mkdirSync(dir, { recursive: true });
  const lines = ["item,judge,label"];
  const add = (file, judge) => {
    for (const l of fs.readFileSync(file, "utf8").trim().split("\n")) {
      const [q, , d, rel] = l.trim().split(/\s+/);
      lines.push(`${q}/${d},${judge},${Math.min(3, Math.max(0, Number(rel)))}`);
    }
  };
  add(path.join(llmjudge, "human_qrels.txt"), "nist");
  for (const f of fs.readdirSync(path.join(llmjudge, "llm_labels")).sort())
    add(path.join(llmjudge, "llm_labels", f), f.replace(/\.txt$/, ""));
  fs.writeFileSync(csv, `${lines.join("\n")}\n`);
}
const args = [
  "agreement",
  "--input",
  csv,
  "--reference",
  "nist",
  "--metrics",
  "cohen-kappa,krippendorff-alpha-ordinal",
];
const table = [...args, "--binarize", "1,2,3", "--order", "0,1,2,3"];
const values = execFileSync("node_modules/.bin/assay", table, { encoding: "utf8" }).trim().split("\n").length;
const oneCall = time("node_modules/.bin/assay", table, 5);
console.log(
  `  agreement --reference (33 judges x 4,423 pairs, ${values} rows, 165 published values) ${oneCall.toFixed(0)} ms (median of 5; goal: under 2 s)`,
);
