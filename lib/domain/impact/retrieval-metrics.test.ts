import { describe, expect, it } from "vitest";
import {
  alphaNdcg,
  coverage,
  evaluateRun,
  kendallTauB,
  ndcg,
  parseRetrievalMetric,
  rankDocuments,
  recall,
  TopDocuments,
  type QueryJudgments,
} from "./retrieval-metrics";

/** Judgments from (nugget, doc) pairs that support each other. */
function judged(pairs: [string, string][], extraNuggets: string[] = []): QueryJudgments {
  const supports = new Map<string, Set<string>>();
  for (const [nugget, doc] of pairs) supports.set(doc, (supports.get(doc) ?? new Set()).add(nugget));
  return { supports, nuggets: new Set([...pairs.map(([n]) => n), ...extraNuggets]) };
}

// ndeval's test vector (pyndeval's test_basic): qrels (a,A)(b,B)(b,D)(c,C); run A 9.3, D 8.4, E 8.1, B 7.6.
const vector = judged([
  ["a", "A"],
  ["b", "B"],
  ["b", "D"],
  ["c", "C"],
]);
const vectorRun = [
  { docId: "A", score: 9.3 },
  { docId: "D", score: 8.4 },
  { docId: "E", score: 8.1 },
  { docId: "B", score: 7.6 },
];

describe("alpha-nDCG", () => {
  it("reproduces ndeval's test vector: 0.7868 at 5, 10 and 20", () => {
    const ranked = rankDocuments(vectorRun);
    expect(ranked).toEqual(["A", "D", "E", "B"]);
    // within pyndeval's own tolerance (1e-4): by hand it is (1 + 1/log2 3 + 0.5/log2 5) / (1.5 + 1/log2 3 + 0.5/log2 5) = 0.786896
    for (const k of [5, 10, 20]) expect(Math.abs(alphaNdcg(ranked, vector, k) - 0.7868)).toBeLessThan(1e-4);
    expect(alphaNdcg(ranked, vector, 5)).toBeCloseTo(
      (1 + 1 / Math.log2(3) + 0.5 / Math.log2(5)) / (1.5 + 1 / Math.log2(3) + 0.5 / Math.log2(5)),
      12,
    );
  });

  it("is 1 for the ideal ranking and 0 without relevant documents or retrieved ones", () => {
    expect(alphaNdcg(["A", "B", "C", "D"], vector, 10)).toBeCloseTo(1, 12);
    expect(alphaNdcg(["X"], judged([]), 10)).toBe(0);
    expect(alphaNdcg([], vector, 10)).toBe(0);
  });
});

describe("ranking a run", () => {
  it("orders by score descending, ties by document id in reverse (trec_eval), and keeps a repeated document once", () => {
    expect(
      rankDocuments([
        { docId: "a", score: 1 },
        { docId: "c", score: 1 },
        { docId: "b", score: 2 },
        { docId: "c", score: 0.5 },
      ]),
    ).toEqual(["b", "c", "a"]);
  });

  it("gives the same first documents with a limit as the full ranking, with ties and repeated documents", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 300; trial++) {
      const size = 1 + Math.floor(random() * 400);
      const entries = Array.from({ length: size }, () => ({
        docId: `d${Math.floor(random() * size * (trial % 3 === 0 ? 0.5 : 4))}`,
        score: Math.floor(random() * 50) / 2,
      }));
      for (const limit of [1, 5, 10, 50]) {
        expect(rankDocuments(entries, limit)).toEqual(rankDocuments(entries).slice(0, limit));
        // as a run reader feeds it: only entries whose score it admits
        const top = new TopDocuments(limit);
        for (const e of entries) if (top.admits(e.score)) top.offer(e.docId, e.score);
        expect(top.entries.map((e) => e.docId)).toEqual(rankDocuments(entries).slice(0, limit));
      }
    }
  });
});

describe("coverage, recall and nDCG", () => {
  it("coverage@k: nuggets supported in the top k over the query's nuggets", () => {
    const ranked = rankDocuments(vectorRun);
    expect(coverage(ranked, vector, 1)).toBeCloseTo(1 / 3, 12);
    expect(coverage(ranked, vector, 10)).toBeCloseTo(2 / 3, 12);
    expect(coverage(ranked, judged([["a", "A"]], ["z"]), 10)).toBe(0.5); // a nugget no chunk supports still counts
  });

  it("recall@k: relevant documents in the top k over all relevant ones", () => {
    const ranked = rankDocuments(vectorRun);
    expect(recall(ranked, vector, 2)).toBe(0.5);
    expect(recall(ranked, vector, 10)).toBe(0.75);
    expect(recall(ranked, judged([]), 10)).toBe(0);
  });

  it("nDCG@k with linear gains, by hand", () => {
    const gains = new Map([
      ["x", 2],
      ["y", 1],
      ["z", 0],
    ]);
    // DCG of y, x = 1 + 2 / log2(3); ideal x, y = 2 + 1 / log2(3)
    expect(ndcg(["y", "x"], gains, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 12);
    expect(ndcg(["z"], new Map([["z", 0]]), 10)).toBe(0);
  });
});

describe("a run over the qrels", () => {
  it("averages over every query of the qrels: a query the run misses scores 0, queries not in the qrels are ignored", () => {
    const qrels = new Map([
      ["q1", vector],
      ["q2", judged([["n", "N"]])],
    ]);
    const run = new Map([
      ["q1", vectorRun],
      ["q9", [{ docId: "N", score: 1 }]],
    ]);
    const metrics = ["alpha-ndcg@10", "coverage@20", "recall@50"].map((m) => parseRetrievalMetric(m)!);
    const scores = evaluateRun(qrels, run, metrics);
    expect(scores["alpha-ndcg@10"]).toBeCloseTo(alphaNdcg(rankDocuments(vectorRun), vector, 10) / 2, 12);
    expect(scores["coverage@20"]).toBeCloseTo(1 / 3, 12);
    expect(scores["recall@50"]).toBeCloseTo(0.375, 12);
  });

  it("parses metric names", () => {
    expect(parseRetrievalMetric("alpha-ndcg@10")).toEqual({ name: "alpha-ndcg", k: 10, id: "alpha-ndcg@10" });
    expect(parseRetrievalMetric("ndcg@10")).toBeNull();
    expect(parseRetrievalMetric("recall@0")).toBeNull();
  });
});

describe("Kendall's tau-b", () => {
  it("is 1 for the same order, -1 for the reverse, and handles ties (by hand)", () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // x = 1,2,2,3 and y = 1,3,2,3: pairs 6; ties in x 1, in y 1; concordant 4, discordant 0
    expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 3])).toBeCloseTo(4 / Math.sqrt(5 * 5), 12);
    expect(kendallTauB([1, 1], [1, 2])).toBeNull();
  });
});
