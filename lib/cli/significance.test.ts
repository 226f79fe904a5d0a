// The `significance` command as its contract states it, run in-process (test/run-cli.ts). The
// per-question values are worked by hand from the files below (trec_eval -c: a run missing a
// question scores 0 on it; a question without a relevant document 0 for every run).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pairedTTestPValue } from "@/lib/domain/significance/paired-t-test";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-significance-"));
const file = (name: string, lines: string[]) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, `${lines.join("\n")}\n`);
  return f;
};
// q1: d1, d2 relevant; q2: d3 relevant; q3: nothing relevant
const QRELS = file("qrels.txt", ["q1 0 d1 1", "q1 0 d2 2", "q1 0 d9 0", "q2 0 d3 1", "q2 0 d4 0", "q3 0 d5 0"]);
const run = (tag: string, lists: Record<string, string[]>) =>
  Object.entries(lists).flatMap(([q, docs]) => docs.map((d, i) => `${q} Q0 ${d} ${i + 1} ${10 - i} ${tag}`));
// P@2 per question: alpha (1, 0.5, 0) · beta (0.5, missing → 0, 0) · gamma as alpha
const RUNS = file("runs.txt", [
  ...run("alpha", { q1: ["d1", "d2"], q2: ["d3", "d4"], q3: ["d5"] }),
  ...run("beta", { q1: ["d9", "d1"] }),
  ...run("gamma", { q1: ["d2", "d1"], q2: ["d4", "d3"], q3: ["d9"] }),
]);
const significance = (...args: string[]) => runCliInProcess(["significance", ...args]);
const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("assay significance", () => {
  it("prints every pair of runs in sorted order, over every question of the qrels", async () => {
    const r = await significance("--qrels", QRELS, "--run", RUNS, "--metric", "p@2");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const [ab, ag, bg] = lines(r.stdout);
    expect(Object.keys(ab!)).toEqual([
      "a",
      "b",
      "questions",
      "mean_a",
      "mean_b",
      "t_p",
      "t_p_holm",
      "randomization_p",
      "randomization_p_holm",
      "randomization_exact",
    ]);
    // differences alpha − beta: 0.5, 0.5, 0 (3 questions, q3 included; beta's missing q2 is 0)
    expect(ab).toMatchObject({ a: "alpha", b: "beta", questions: 3, mean_a: 0.5, mean_b: 0.5 / 3 });
    expect(ab!.t_p).toBe(pairedTTestPValue([0.5, 0.5, 0]));
    // sign flips of (0.5, 0.5, 0): |Σ s·d| ≥ 1 for 4 of 8
    expect(ab).toMatchObject({ randomization_p: 0.5, randomization_exact: true });
    // identical values: no t-test (null, left out of Holm's m = 2), randomization p = 1
    expect(ag).toMatchObject({ a: "alpha", b: "gamma", t_p: null, t_p_holm: null, randomization_p: 1 });
    expect(bg).toMatchObject({ a: "beta", b: "gamma", t_p: ab!.t_p });
    expect(ab!.t_p_holm).toBe(Math.min(1, 2 * (ab!.t_p as number)));
    // Holm over three randomization p-values (0.5, 1, 0.5): 3·0.5 → 1, then 1
    expect([ab!.randomization_p_holm, ag!.randomization_p_holm, bg!.randomization_p_holm]).toEqual([1, 1, 1]);
  });

  it("draws N seeded sign assignments beyond 20 questions, the same for the same seed", async () => {
    const questions = Array.from({ length: 25 }, (_, i) => `t${i}`);
    const qrels = file(
      "qrels-25.txt",
      questions.map((q) => `${q} 0 good 1`),
    );
    const runs = file("runs-25.txt", [
      ...questions.flatMap((q, i) => run("x", { [q]: i % 3 === 0 ? ["bad", "good"] : ["good"] })),
      ...questions.flatMap((q, i) => run("y", { [q]: i % 2 === 0 ? ["bad", "good"] : ["good"] })),
    ]);
    const once = await significance(
      "--qrels",
      qrels,
      "--run",
      runs,
      "--metric",
      "mrr",
      "--permutations",
      "5000",
      "--seed",
      "3",
    );
    const again = await significance(
      "--qrels",
      qrels,
      "--run",
      runs,
      "--metric",
      "mrr",
      "--permutations",
      "5000",
      "--seed",
      "3",
    );
    expect(once.stdout).toBe(again.stdout);
    const [xy] = lines(once.stdout);
    expect(xy).toMatchObject({ questions: 25, randomization_exact: false });
    // a share of the 5,000 draws
    const hits = (xy!.randomization_p as number) * 5000;
    expect(Math.abs(hits - Math.round(hits))).toBeLessThan(1e-6);
  });

  it("refuses what it cannot test, exit 2 naming the option", async () => {
    const noMetric = await significance("--qrels", QRELS, "--run", RUNS);
    expect(noMetric.status).toBe(2);
    expect(noMetric.stderr).toMatch(/--metric is required/);
    const unknown = await significance("--qrels", QRELS, "--run", RUNS, "--metric", "bpref");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--metric: "bpref" is not a --qrels metric/);
    const one = await significance(
      "--qrels",
      QRELS,
      "--run",
      file("one.txt", run("solo", { q1: ["d1"] })),
      "--metric",
      "map",
    );
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/the tests compare two or more/);
    const draws = await significance("--qrels", QRELS, "--run", RUNS, "--metric", "map", "--permutations", "0");
    expect(draws.stderr).toMatch(/--permutations must be a whole number of 1 or more, not "0"/);
  });
});
