// Benchmark: every agreement metric over 1,000,000 labels (two judges, 500,000 items, four
// levels), end to end through `npm run --silent assay -- agreement`, as a user runs it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const METRICS = [
  "percent-agreement",
  "cohen-kappa",
  "weighted-kappa-linear",
  "weighted-kappa-quadratic",
  "krippendorff-alpha-nominal",
  "krippendorff-alpha-ordinal",
  "krippendorff-alpha-interval",
  "fleiss-kappa",
];
const file = process.argv[2];

if (!fs.existsSync(file)) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ["item,judge,label"];
  for (let i = 0; i < 500_000; i++) {
    const human = Math.floor(random() * 4);
    const llm = random() < 0.6 ? human : Math.floor(random() * 4);
    lines.push(`item-${i},human,${human}`, `item-${i},llm,${llm}`);
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
}

for (const metric of METRICS) {
  const started = performance.now();
  const out = execFileSync(
    "npm",
    ["run", "--silent", "assay", "--", "agreement", "--input", file, "--metric", metric],
    { encoding: "utf8" },
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${metric.padEnd(28)} ${seconds.toFixed(2)} s  ${out.trim()}`);
}
