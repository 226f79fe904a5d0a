// LLMJudge (SIGIR 2024): the 165 published agreement values of Rahmani et al. 2025, Tables 3 and 4,
// reproduced from the human and LLM qrels in ../shared/data/llmjudge (see its README).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cohenKappa } from "./kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";

const DIR = new URL("../../../../shared/data/llmjudge/", import.meta.url).pathname;
const qrels = (file: string) =>
  new Map(
    fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => {
        const [q, , d, rel] = line.trim().split(/\s+/);
        return [`${q} ${d}`, Math.min(3, Math.max(0, Number(rel)))] as const; // the organisers clip to 0..3
      }),
  );

const human = qrels(`${DIR}human_qrels.txt`);
const published = fs
  .readFileSync(`${DIR}published.tsv`, "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t"));

describe("LLMJudge", () => {
  it.each(published)("%s: kappa, ordinal alpha and kappa at 0|123, 01|23, 012|3", (run, ...values) => {
    const llm = qrels(`${DIR}llm_labels/${run}.txt`);
    const keys = [...human.keys()];
    const a = keys.map((k) => human.get(k)!);
    const b = keys.map((k) => llm.get(k)!);
    expect(b.every((v) => v !== undefined)).toBe(true);
    const unit = keys.flatMap((_, i) => [i, i]);
    const code = keys.flatMap((_, i) => [a[i]!, b[i]!]);
    const binary = (t: number) =>
      cohenKappa({ a: a.map((v) => (v >= t ? 1 : 0)), b: b.map((v) => (v >= t ? 1 : 0)), categories: 2 }).value ?? 0;
    const computed = [
      cohenKappa({ a, b, categories: 4 }).value,
      krippendorffAlpha({ unit, code, units: keys.length, categories: 4 }, "ordinal").value,
      binary(1),
      binary(2),
      binary(3),
    ];
    expect(computed.map((v) => v!.toFixed(4))).toEqual(values.map((v) => Number(v).toFixed(4)));
  });
});
