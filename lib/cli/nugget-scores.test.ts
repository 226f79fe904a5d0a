// The `nugget-scores` command as its contract states it, run in-process: on generated TREC RAG-style
// assignments, every score equals nuggetizer's own metrics.py (test/fixtures/nuggetizer/generate.py
// made the files; 13 of its 28 run means differ from a naive running sum in the last bit).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const FIXTURES = path.resolve("test/fixtures/nuggetizer");
const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-nugget-scores-"));
const file = (name: string, records: unknown[]) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return f;
};
const nuggetScores = (...args: string[]) => runCliInProcess(["nugget-scores", ...args]);

describe("assay nugget-scores", () => {
  it("equals nuggetizer per run (the mean over its answers) and per answer, to the last bit", async () => {
    const assignments = path.join(FIXTURES, "assignments.jsonl");
    const byRun = await nuggetScores("--assignments", assignments);
    expect(byRun.stderr).toBe("");
    expect(byRun.status).toBe(0);
    expect(jsonLines(byRun.stdout)).toEqual(
      jsonLines(fs.readFileSync(path.join(FIXTURES, "expected-by-run.jsonl"), "utf8")),
    );
    expect(Object.keys(jsonLines(byRun.stdout)[0]!)).toEqual([
      "run_id",
      "answers",
      "strict_vital_score",
      "strict_all_score",
      "vital_score",
      "all_score",
    ]);
    const byAnswer = await nuggetScores("--assignments", assignments, "--by", "answer");
    expect(byAnswer.status).toBe(0);
    const rows = jsonLines(byAnswer.stdout);
    expect(rows).toEqual(jsonLines(fs.readFileSync(path.join(FIXTURES, "expected-by-answer.jsonl"), "utf8")));
    expect(Object.keys(rows[0]!)).toEqual([
      "run_id",
      "qid",
      "strict_vital_score",
      "strict_all_score",
      "vital_score",
      "all_score",
    ]);
    // topic 3 has no vital nugget: 0 on both Vital scores in every run
    for (const row of rows.filter((r) => r.qid === "2024-003"))
      expect([row.strict_vital_score, row.vital_score]).toEqual([0, 0]);
  });

  it("sorts runs by run_id and answers by qid, whatever the file's order", async () => {
    const nugget = (assignment: string) => [{ text: "A fact", importance: "vital", assignment }];
    const f = file("order.jsonl", [
      { qid: "q2", run_id: "b", nuggets: nugget("support") },
      { qid: "q1", run_id: "b", nuggets: nugget("not_support") },
      { qid: "q1", run_id: "a", nuggets: nugget("partial_support") },
    ]);
    const byAnswer = jsonLines((await nuggetScores("--assignments", f, "--by", "answer")).stdout);
    expect(byAnswer.map((r) => [r.run_id, r.qid, r.all_score])).toEqual([
      ["a", "q1", 0.5],
      ["b", "q1", 0],
      ["b", "q2", 1],
    ]);
    expect(
      jsonLines((await nuggetScores("--assignments", f)).stdout).map((r) => [r.run_id, r.answers, r.all_score]),
    ).toEqual([
      ["a", 1, 0.5],
      ["b", 2, 0.5],
    ]);
  });

  it("refuses bad input with exit 2 and one line naming the file, line and field", async () => {
    const good = { qid: "q1", run_id: "r", nuggets: [{ text: "A fact", importance: "vital", assignment: "support" }] };
    const cases: [unknown[], string][] = [
      [
        [{ ...good, nuggets: [...good.nuggets, { text: " A fact ", importance: "okay", assignment: "support" }] }],
        "line 1, field nuggets[1].text: repeats the text of nuggets[0]",
      ],
      [
        [{ ...good, nuggets: [{ text: "A fact", importance: "vital", assignment: "supported" }] }],
        'line 1, field nuggets[0].assignment: expected one of support, partial_support, not_support, got "supported"',
      ],
      [
        [{ ...good, nuggets: [{ text: "A fact", importance: "high", assignment: "support" }] }],
        'line 1, field nuggets[0].importance: expected one of vital, okay, got "high"',
      ],
      [[{ qid: "q1", nuggets: good.nuggets }], "line 1, field run_id: missing"],
      [[good, good], "line 2, field qid: run r's answer to q1 is listed twice (first on line 1)"],
    ];
    for (const [records, message] of cases) {
      const f = file("bad.jsonl", records);
      const r = await nuggetScores("--assignments", f);
      expect([r.status, r.stdout, r.stderr]).toEqual([2, "", `assay: ${f} ${message}\n`]);
    }
    expect((await nuggetScores("--assignments", path.join(dir, "missing.jsonl"))).stderr).toContain("no such file");
    expect(
      (await nuggetScores("--assignments", path.join(FIXTURES, "assignments.jsonl"), "--by", "topic")).stderr,
    ).toBe('assay: --by must be run or answer, not "topic"\n');
    expect((await nuggetScores()).status).toBe(2);
  });
});
