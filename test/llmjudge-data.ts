// LLMJudge's shared files (../shared/data/llmjudge, see its README): the 33 submissions, the
// published values (Rahmani et al. 2025, Tables 3 and 4) and the organisers' clipping to 0..3.
import fs from "node:fs";
import path from "node:path";

export const LLMJUDGE = path.resolve("../shared/data/llmjudge");

/** The submissions' names (their label files without .txt), sorted. */
export const submissions = fs
  .readdirSync(path.join(LLMJUDGE, "llm_labels"))
  .map((f) => f.replace(/\.txt$/, ""))
  .sort();

/** published.tsv's rows: run, kappa (4 levels), ordinal alpha, kappa at 0|123, 01|23, 012|3. */
export const published = fs
  .readFileSync(path.join(LLMJUDGE, "published.tsv"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t"));

/** A qrels file's (query, passage, label) rows, labels clipped to 0..3 when asked, as the organisers did. */
export function qrelsRows(file: string, clip: boolean): [query: string, passage: string, label: string][] {
  return fs
    .readFileSync(path.join(LLMJUDGE, file), "utf8")
    .trim()
    .split("\n")
    .map((l) => {
      const [q, , d, rel] = l.trim().split(/\s+/);
      return [q!, d!, clip ? String(Math.min(3, Math.max(0, Number(rel)))) : rel!];
    });
}

/** A submission's label file as qrels text, clipped to 0..3. */
export const clippedQrels = (run: string) =>
  `${qrelsRows(`llm_labels/${run}.txt`, true)
    .map(([q, d, rel]) => `${q} 0 ${d} ${rel}`)
    .join("\n")}\n`;
