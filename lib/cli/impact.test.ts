// The `evaluate` and `compare-rankings` commands as their contracts state them, run in-process (test/run-cli.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-impact-"));
const file = (name: string, lines: string[]) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, `${lines.join("\n")}\n`);
  return f;
};
const assay = async (...args: string[]) => {
  const r = await runCliInProcess(args);
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    json: r.status === 0 ? (JSON.parse(r.stdout) as Record<string, Record<string, unknown>>) : null,
  };
};

// q1 is ndeval's test vector; q2 has one nugget supported by N and one nugget nothing supports.
const llm = file("llm.qrels", ["q1 a A 1", "q1 b B 1", "q1 b D 1", "q1 c C 1", "q1 c X 0", "q2 n N 1", "q2 m M 0"]);
// the humans say D does not support b, and X does support c
const human = file("human.qrels", ["q1 a A 1", "q1 b B 1", "q1 b D 0", "q1 c C 1", "q1 c X 1", "q2 n N 1", "q2 m M 0"]);
const runs = file("runs.txt", [
  "q1 Q0 A 1 9.3 vector",
  "q1 Q0 D 2 8.4 vector",
  "q1 Q0 E 3 8.1 vector",
  "q1 Q0 B 4 7.6 vector",
  "q1 Q0 X 1 5 xfirst",
  "q1 Q0 A 2 4 xfirst",
  "q2 Q0 N 1 3 xfirst",
]);
const other = file("other.txt", ["q1 Q0 C 1 2 cfirst", "q1 Q0 B 2 1 cfirst"]);

describe("assay evaluate", () => {
  it("scores each run over every query of the qrels: a query a run misses scores 0", async () => {
    const r = await assay("evaluate", "--nugget-qrels", llm, "--run", runs, "--run", other);
    expect(r.stderr).toBe("");
    const scores = r.json!.runs as Record<string, Record<string, number>>;
    expect(Object.keys(scores)).toEqual(["cfirst", "vector", "xfirst"]);
    expect(Object.keys(scores.vector!)).toEqual(["alpha-ndcg@10", "coverage@20", "recall@50"]);
    // vector: q1 is ndeval's vector (0.786896), q2 missing -> 0 (ndeval -c prints 0.393448); coverage q1 2/3,
    // q2 0 -> 1/3; recall q1 3/4 -> 0.375
    expect(scores.vector!["alpha-ndcg@10"]!.toFixed(6)).toBe("0.393448");
    expect(scores.vector!["coverage@20"]).toBeCloseTo(1 / 3, 12);
    expect(scores.vector!["recall@50"]).toBeCloseTo(0.375, 12);
    // xfirst: q1 finds only A (1 of 4 relevant, 1 of 3 nuggets); q2 finds N (1 of 1 relevant, 1 of 2 nuggets)
    expect(scores.xfirst!["recall@50"]).toBeCloseTo((1 / 4 + 1) / 2, 12);
    expect(scores.xfirst!["coverage@20"]).toBeCloseTo((1 / 3 + 1 / 2) / 2, 12);
  });

  it("reads tab-separated and irregular lines through the parser, and names a bad field", async () => {
    const irregular = file("irregular.txt", [
      "q1\tQ0\tA\t1\t9.3\tvector",
      "q1 Q0 D 2 8.4 vector",
      "q1  Q0 E 3 8.1 vector",
      "q1 Q0 B 4 7.6 vector\r",
    ]);
    const vector = (
      (await assay("evaluate", "--nugget-qrels", llm, "--run", runs)).json!.runs as Record<string, object>
    ).vector;
    expect((await assay("evaluate", "--nugget-qrels", llm, "--run", irregular)).json).toEqual({ runs: { vector } });
    const rank = file("rank.txt", ["q1 Q0 A x 9.3 vector"]);
    expect((await assay("evaluate", "--nugget-qrels", llm, "--run", rank)).stderr.trim()).toBe(
      `assay: ${rank} line 1, field rank: expected an integer, got "x"`,
    );
  });

  it("takes --metrics and refuses bad input with one line and exit code 2", async () => {
    expect(
      Object.keys(
        (
          (await assay("evaluate", "--nugget-qrels", llm, "--run", runs, "--metrics", "recall@1")).json!.runs as Record<
            string,
            object
          >
        ).vector!,
      ),
    ).toEqual(["recall@1"]);
    const cases: [string[], string][] = [
      [["evaluate", "--run", runs], "assay: give exactly one of --qrels or --nugget-qrels"],
      [["evaluate", "--nugget-qrels", llm], "assay: --run is required (one or more)"],
      [
        ["evaluate", "--nugget-qrels", llm, "--run", runs, "--metrics", "map"],
        'assay: --metrics: "map" is not a --nugget-qrels metric (alpha-ndcg@K, coverage@K, recall@K, ndcg@K)',
      ],
      [
        ["evaluate", "--nugget-qrels", file("twice.qrels", ["q1 a A 1", "q1 b A 1", "q1 a A 0"]), "--run", runs],
        `assay: ${dir}/twice.qrels line 3: document "A" for nugget "a" of query "q1" is listed twice (first on line 1)`,
      ],
      [
        ["evaluate", "--nugget-qrels", llm, "--run", file("twice.run", ["q1 Q0 A 1 2 r", "q1 Q0 A 2 1 r"])],
        `assay: ${dir}/twice.run line 2: document "A" of query "q1" in run "r" is listed twice (first on line 1)`,
      ],
      [
        ["evaluate", "--nugget-qrels", file("bad.qrels", ["q1 a A 1", "q1 b B"]), "--run", runs],
        `assay: ${dir}/bad.qrels line 2: expected 4 columns (qid nugget_id docid rel), found 3`,
      ],
      [["evaluate", "--nugget-qrels", llm, "--run", "/nope.run"], "assay: no such file: /nope.run"],
    ];
    for (const [args, message] of cases) {
      const r = await assay(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });
});

describe("assay compare-rankings", () => {
  it("ranks the runs under both qrels and gives Kendall's tau-b per metric", async () => {
    const r = await assay(
      "compare-rankings",
      "--nugget-qrels-a",
      llm,
      "--nugget-qrels-b",
      human,
      "--run",
      runs,
      "--run",
      other,
      "--metrics",
      "recall@50",
    );
    expect(r.stderr).toBe("");
    const {
      kendall_tau_b: tau,
      spearman_rho: rho,
      rankings,
      unmatched,
    } = r.json as {
      kendall_tau_b: Record<string, number>;
      spearman_rho: Record<string, number>;
      unmatched: Record<"a" | "b", string[]>;
      rankings: Record<"a" | "b", Record<string, { run: string; score: number }[]>>;
    };
    // recall@50 under llm: vector (3/4 + 0) / 2 = 0.375, xfirst (1/4 + 1) / 2 = 0.625, cfirst (2/4 + 0) / 2 = 0.25
    expect(rankings.a["recall@50"]).toEqual([
      { run: "xfirst", score: 0.625 },
      { run: "vector", score: 0.375 },
      { run: "cfirst", score: 0.25 },
    ]);
    // under human (relevant A, B, C, X in q1): vector 2/4 -> 0.25, xfirst (2/4 + 1) / 2 = 0.75, cfirst 2/4 -> 0.25
    expect(rankings.b["recall@50"]).toEqual([
      { run: "xfirst", score: 0.75 },
      { run: "cfirst", score: 0.25 },
      { run: "vector", score: 0.25 },
    ]);
    // pairs (c,v,x sorted): a = (0.25, 0.375, 0.625), b = (0.25, 0.25, 0.75): concordant 2, discordant 0, ties in b 1 -> 2 / sqrt(3 * 2)
    expect(tau["recall@50"]).toBeCloseTo(2 / Math.sqrt(6), 12);
    // average ranks a = (1, 2, 3), b = (1.5, 1.5, 3): scipy.stats.spearmanr gives 0.8660254037844387
    expect(rho["recall@50"]).toBeCloseTo(0.8660254037844387, 15);
    expect(unmatched).toEqual({ a: [], b: [] });
  });
});
