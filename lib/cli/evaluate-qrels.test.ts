// `evaluate --qrels` and `compare-rankings --qrels-a/-b`: trec_eval 9.0.8's semantics, run in-process.
// Every expected value below was worked by hand and checked with trec_eval 9.0.8
// (`trec_eval -q -m ndcg_cut.5 -m map -m P.5,10 -m recall.3,5 -m Rprec -m recip_rank`, with -J for
// --judged-only). While --judged-only was written it also matched `trec_eval -J` on 40 random qrels
// and runs with score ties, partial judgments and all-negative queries (every printed value).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-evaluate-"));
const file = (name: string, lines: string[]) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, `${lines.join("\n")}\n`);
  return f;
};
const assay = async (...args: string[]) => {
  const r = await runCliInProcess(args);
  return { ...r, json: r.status === 0 ? JSON.parse(r.stdout) : null };
};

// q1: graded, d4 (2) never retrieved; q2: judged but nothing relevant; q3: not in the run.
const qrels = file("qrels.txt", [
  "q1 0 d1 3",
  "q1 0 d2 1",
  "q1 0 d3 0",
  "q1 0 d4 2",
  "q2 0 e1 0",
  "q2 0 e2 0",
  "q3 0 f1 1",
]);
// In 32 bits 1.00000001 is 1, so d1 ties with d5 and the larger id (d5) ranks first; d2 and d9 tie at
// 0.5, d9 first. q1 ranks d3 (0), d5 (unjudged), d1 (3), d9 (unjudged), d2 (1). q4 has no qrels.
const run = file("run.txt", [
  "q1 Q0 d3 1 2.0 sys",
  "q1 Q0 d1 2 1.00000001 sys",
  "q1 Q0 d5 3 1.0 sys",
  "q1 Q0 d2 4 0.5 sys",
  "q1 Q0 d9 5 0.5 sys",
  "q2 Q0 e1 1 1 sys",
  "q4 Q0 x 1 1 sys",
]);

describe("assay evaluate --qrels", () => {
  it("matches trec_eval: 32-bit ties, graded gains, unjudged documents, the mean over shared queries", async () => {
    const metrics = "ndcg@5,map,p@5,p@10,recall@3,recall@5,rprec,mrr,judged@5,judged@10";
    const r = await assay("evaluate", "--qrels", qrels, "--run", run, "--metrics", metrics);
    expect(r.stderr).toBe("");
    const sys = r.json.runs.sys as Record<string, number>;
    expect(Object.keys(sys)).toEqual(metrics.split(","));
    // Means over q1 and q2 (q3 is missing from the run, q4 from the qrels); q2 scores 0 except judged.
    // q1 nDCG@5: (3/log2 4 + 1/log2 6) / (3 + 2/log2 3 + 1/2); trec_eval: all 0.19812142760661169
    expect(sys["ndcg@5"]).toBe((3 / Math.log2(4) + 1 / Math.log2(6)) / (3 + 2 / Math.log2(3) + 1 / Math.log2(4)) / 2);
    expect(sys["ndcg@5"]!.toFixed(4)).toBe("0.1981");
    expect(sys.map).toBe((1 / 3 + 2 / 5) / 3 / 2); // relevant at ranks 3 and 5 of R = 3: trec_eval 0.1222
    expect(sys["p@5"]).toBe(0.2); // 2 of 5, then 0
    expect(sys["p@10"]).toBe(0.1);
    expect(sys["recall@3"]).toBe(1 / 3 / 2);
    expect(sys["recall@5"]).toBe(2 / 3 / 2);
    expect(sys.rprec).toBe(1 / 3 / 2); // 1 relevant in the top R = 3
    expect(sys.mrr).toBe(1 / 3 / 2); // first relevant at rank 3
    // judged: q1 d3, d1, d2 of the top 5 (3/5), q2 e1 (1/5); at 10, divided by 10 although 5 are retrieved
    expect(sys["judged@5"]).toBe((3 / 5 + 1 / 5) / 2);
    expect(sys["judged@10"]).toBe((3 / 10 + 1 / 10) / 2);
  });

  it("--judged-only is trec_eval -J: unjudged documents leave each ranking, the others keep their order", async () => {
    const metrics = "ndcg@5,map,p@5,p@10,recall@3,recall@5,rprec,mrr";
    const r = await assay("evaluate", "--qrels", qrels, "--run", run, "--metrics", metrics, "--judged-only");
    expect(r.stderr).toBe("");
    const sys = r.json.runs.sys as Record<string, number>;
    // q1 without d5 and d9 ranks d3 (0), d1 (3), d2 (1); q2 e1 (0). trec_eval 9.0.8 -J printed:
    // ndcg_cut_5 0.2512, map 0.1944, P_5 0.2000, P_10 0.1000, recall_3 0.3333, recall_5 0.3333,
    // Rprec 0.3333, recip_rank 0.2500
    expect(sys["ndcg@5"]).toBe((3 / Math.log2(3) + 1 / Math.log2(4)) / (3 + 2 / Math.log2(3) + 1 / Math.log2(4)) / 2);
    expect(sys["ndcg@5"]!.toFixed(4)).toBe("0.2512");
    expect(sys.map).toBe((1 / 2 + 2 / 3) / 3 / 2);
    expect([sys["p@5"], sys["p@10"], sys.mrr]).toEqual([0.2, 0.1, 0.25]);
    expect([sys["recall@3"], sys["recall@5"], sys.rprec].map((v) => v!.toFixed(4))).toEqual([
      "0.3333",
      "0.3333",
      "0.3333",
    ]);
    const nuggets = file("nuggets.txt", ["q1 n1 d1 1"]);
    const refused = await assay("evaluate", "--nugget-qrels", nuggets, "--run", run, "--judged-only");
    expect([refused.status, refused.stderr.trim()]).toEqual([
      2,
      "assay: --judged-only (trec_eval's -J) applies to --qrels only",
    ]);
  });

  it("reads the whole ranking for map, rprec and mrr, and prints null when a run shares no query", async () => {
    const deep = file("deep.txt", [
      ...Array.from({ length: 1500 }, (_, i) => `q1 Q0 n${i} ${i + 1} ${2000 - i} deep`),
      "q1 Q0 d1 1501 1 deep",
      "q9 Q0 d1 1 1 elsewhere",
    ]);
    const r = await assay("evaluate", "--qrels", qrels, "--run", deep, "--metrics", "map,mrr,rprec,p@10");
    expect(r.json.runs.deep).toEqual({ map: 1 / 1501 / 3, mrr: 1 / 1501, rprec: 0, "p@10": 0 });
    expect(r.json.runs.elsewhere).toEqual({ map: null, mrr: null, rprec: null, "p@10": null });
  });

  it("reads run files one at a time: a file of several runs, runs missing questions, each as read alone", async () => {
    // two tags interleaved in one file, a third run in a file of its own that misses q2
    const both = file("both.txt", ["q1 Q0 d1 1 2 one", "q1 Q0 d2 1 2 two", "q2 Q0 e1 1 1 one", "q1 Q0 d3 2 1 two"]);
    const third = file("third.txt", ["q1 Q0 d4 1 1 three"]);
    const metrics = "ndcg@5,map,p@5,mrr";
    const together = await assay("evaluate", "--qrels", qrels, "--run", both, "--run", third, "--metrics", metrics);
    expect(Object.keys(together.json.runs)).toEqual(["one", "three", "two"]);
    for (const [tag, alone] of [
      ["one", file("one.txt", ["q1 Q0 d1 1 2 one", "q2 Q0 e1 1 1 one"])],
      ["two", file("two.txt", ["q1 Q0 d2 1 2 two", "q1 Q0 d3 2 1 two"])],
      ["three", third],
    ] as const)
      expect(together.json.runs[tag]).toEqual(
        (await assay("evaluate", "--qrels", qrels, "--run", alone, "--metrics", metrics)).json.runs[tag],
      );
    // a run's lines come from one file
    const again = file("again.txt", ["q2 Q0 e2 1 1 one"]);
    const split = await assay("evaluate", "--qrels", qrels, "--run", both, "--run", again);
    expect(split.status).toBe(2);
    expect(split.stderr.trim()).toBe(
      `assay: run "one" is in two files, ${both} and ${again}: give each run's lines in one file`,
    );
  });

  it("refuses a repeated document, a non-integer level, an unknown metric and two kinds of labels, exit 2", async () => {
    const twiceRun = file("twice-run.txt", ["q1 Q0 d1 1 2 sys", "q1 Q0 d2 2 1 sys", "q1 Q0 d1 3 0.5 sys"]);
    const twiceQrels = file("twice-qrels.txt", ["q1 0 d1 1", "q1 0 d1 2"]);
    const graded = file("fraction.txt", ["q1 0 d1 1.5"]);
    const cases: [string[], string][] = [
      [
        ["evaluate", "--qrels", qrels, "--run", twiceRun],
        `assay: ${twiceRun} line 3: document "d1" of query "q1" in run "sys" is listed twice (first on line 1)`,
      ],
      [
        ["evaluate", "--qrels", twiceQrels, "--run", run],
        `assay: ${twiceQrels} line 2: document "d1" of query "q1" is listed twice (first on line 1)`,
      ],
      [
        ["evaluate", "--qrels", graded, "--run", run],
        `assay: ${graded} line 1, field rel: expected an integer, got "1.5"`,
      ],
      [
        ["evaluate", "--qrels", qrels, "--run", run, "--metrics", "alpha-ndcg@10"],
        'assay: --metrics: "alpha-ndcg@10" is not a --qrels metric (ndcg@K, map, p@K, recall@K, rprec, mrr, judged@K)',
      ],
      [
        ["evaluate", "--qrels", qrels, "--run", run, "--metrics", "map@10"],
        'assay: --metrics: "map@10" is not a --qrels metric (ndcg@K, map, p@K, recall@K, rprec, mrr, judged@K)',
      ],
      [
        ["evaluate", "--qrels", qrels, "--nugget-qrels", qrels, "--run", run],
        "assay: give exactly one of --qrels or --nugget-qrels",
      ],
    ];
    for (const [args, message] of cases) {
      const r = await assay(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });
});

describe("assay compare-rankings --qrels-a --qrels-b", () => {
  // Three runs over q1; the humans (a) and an LLM (b) disagree on d2 and d9.
  const human = file("human.txt", ["q1 0 d1 2", "q1 0 d2 1", "q1 0 d9 0"]);
  const llm = file("llm.txt", ["q1 0 d1 2", "q1 0 d2 0", "q1 0 d9 2"]);
  const runs = file("three.txt", [
    "q1 Q0 d1 1 3 first",
    "q1 Q0 d2 2 2 first",
    "q1 Q0 d2 1 3 second",
    "q1 Q0 d9 2 2 second",
    "q1 Q0 d9 1 3 third",
    "q1 Q0 d1 2 2 third",
  ]);

  it("ranks the runs under both, with Kendall's tau-b and Spearman's rho, and nothing unmatched", async () => {
    const r = await assay(
      "compare-rankings",
      "--qrels-a",
      human,
      "--qrels-b",
      llm,
      "--run",
      runs,
      "--metrics",
      "p@1,map",
    );
    expect(r.stderr).toBe("");
    // p@1 under a: first 1, second 1, third 0; under b: first 1, second 0, third 1
    expect(r.json.rankings.a["p@1"]).toEqual([
      { run: "first", score: 1 },
      { run: "second", score: 1 },
      { run: "third", score: 0 },
    ]);
    // (first, second, third): a = (1, 1, 0), b = (1, 0, 1): concordant 0, discordant 1, one tie on each side
    expect(r.json.kendall_tau_b["p@1"]).toBeCloseTo(-1 / 2, 15);
    // average ranks a = (2.5, 2.5, 1), b = (2.5, 1, 2.5): scipy.stats.spearmanr gives -0.5
    expect(r.json.spearman_rho["p@1"]).toBeCloseTo(-0.5, 15);
    expect(r.json.unmatched).toEqual({ a: [], b: [] });
  });

  it("gives each side its own runs with --run-a and --run-b, matched by tag, and lists the unmatched", async () => {
    const later = file("later.txt", ["q1 Q0 d9 1 3 first", "q1 Q0 d1 1 3 third", "q1 Q0 d2 1 3 fourth"]);
    const r = await assay(
      "compare-rankings",
      "--qrels-a",
      human,
      "--qrels-b",
      llm,
      "--run-a",
      runs,
      "--run-b",
      later,
      "--metrics",
      "p@1",
    );
    expect(r.stderr).toBe("");
    expect(r.json.unmatched).toEqual({ a: ["second"], b: ["fourth"] });
    // matched (first, third): a = (1, 0), b = (1, 1): b ties every run
    expect(r.json.kendall_tau_b).toEqual({ "p@1": null });
    expect(r.json.spearman_rho).toEqual({ "p@1": null });
    expect(r.json.rankings.b["p@1"].map((e: { run: string }) => e.run)).toEqual(["first", "third", "fourth"]);
  });

  it("exits 2 with fewer than two matched runs or mixed kinds of labels", async () => {
    const one = file("one.txt", ["q1 Q0 d1 1 3 first"]);
    const cases: [string[], string][] = [
      [
        ["compare-rankings", "--qrels-a", human, "--qrels-b", llm, "--run", one],
        "assay: compare-rankings needs two or more runs that both sides score (matched by tag): found 1",
      ],
      [
        ["compare-rankings", "--qrels-a", human, "--nugget-qrels-b", llm, "--run", runs],
        "assay: --qrels-a/--qrels-b or --nugget-qrels-a/--nugget-qrels-b: both sides of one kind",
      ],
      [
        ["compare-rankings", "--qrels-a", human, "--qrels-b", llm, "--run", runs, "--run-a", runs],
        "assay: give --run (one or more), or --run-a and --run-b (one or more each)",
      ],
      [
        ["compare-rankings", "--qrels-a", human, "--qrels-b", llm, "--run-a", runs],
        "assay: --run-a and --run-b are both required (one or more each)",
      ],
    ];
    for (const [args, message] of cases) {
      const r = await assay(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });
});
