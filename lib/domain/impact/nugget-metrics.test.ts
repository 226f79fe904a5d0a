import { describe, expect, it } from "vitest";
import {
  alphaNdcg,
  binaryNdcg,
  coverage,
  evaluateNuggetRun,
  parseNuggetMetric,
  recall,
  type QueryJudgments,
} from "./nugget-metrics";
import { compareBytes, rankDocuments } from "../runs/run-ranking";

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

describe("alpha-nDCG, exactly ndeval's", () => {
  it("reproduces ndeval's test vector: 0.786896 at 5, 10 and 20, as ndeval -traditional prints it", () => {
    const ranked = rankDocuments(vectorRun);
    expect(ranked).toEqual(["A", "D", "E", "B"]);
    for (const k of [5, 10, 20]) expect(alphaNdcg(ranked, vector, k).toFixed(6)).toBe("0.786896");
  });

  // Three documents of equal gain 2 at rank 1: A {1,2}, B {3,4}, C {1,3}. ndeval's greedy ideal takes
  // the largest id on ties: C, then B (1.5, tied with A, B is larger), then A: gains 2, 1.5, 1.5. The
  // order A, B, C gains 2, 2, 1, better than that "ideal", so ndeval prints 1.017710 for it (checked
  // with ndeval 4.5: `ndeval -traditional`). Taking the smaller id on ties would give 1.000000.
  const tied = judged([
    ["1", "A"],
    ["2", "A"],
    ["3", "B"],
    ["4", "B"],
    ["1", "C"],
    ["3", "C"],
  ]);

  it("breaks ties in the greedy ideal ranking by the larger document id, as ndeval does", () => {
    for (const k of [5, 10, 20]) expect(alphaNdcg(["A", "B", "C"], tied, k).toFixed(6)).toBe("1.017710");
    // equal scores rank by document id descending: C, B, A, which is ndeval's ideal
    const ranked = rankDocuments(["A", "B", "C"].map((docId) => ({ docId, score: 3 })));
    expect(ranked).toEqual(["C", "B", "A"]);
    expect(alphaNdcg(ranked, tied, 10).toFixed(6)).toBe("1.000000");
  });

  it("matches ndeval on many chunks of equal gain, to its printed 6 decimals", () => {
    // nuggets 1-4; six chunks support two each (all gain 2 at rank 1), G and H one each
    const many = judged(
      (
        [
          ["A", "1 2"],
          ["B", "3 4"],
          ["C", "1 3"],
          ["D", "2 4"],
          ["E", "1 4"],
          ["F", "2 3"],
          ["G", "1"],
          ["H", "4"],
        ] as const
      ).flatMap(([doc, nuggets]) => nuggets.split(" ").map((n): [string, string] => [n, doc])),
    );
    // `ndeval -traditional` (4.5) prints alpha-nDCG@5, @10, @20 for each run
    const cases: [{ docId: string; score: number }[], string[]][] = [
      ["ABCDEFGH".split("").map((docId, i) => ({ docId, score: 8 - i })), ["1.000000", "1.000000", "1.000000"]],
      ["ABCDEFGH".split("").map((docId) => ({ docId, score: 1 })), ["0.764198", "0.831445", "0.831445"]],
      [
        [
          { docId: "G", score: 3 },
          { docId: "E", score: 2 },
          { docId: "C", score: 2 },
          { docId: "X", score: 1 },
          { docId: "A", score: 1 },
        ],
        ["0.685506", "0.647254", "0.647254"],
      ],
    ];
    for (const [run, printed] of cases) {
      const ranked = rankDocuments(run);
      expect([5, 10, 20].map((k) => alphaNdcg(ranked, many, k).toFixed(6))).toEqual(printed);
    }
  });

  it("orders numbered nuggets by number and other ids byte by byte, as ndeval's subtopics", () => {
    // the same judgments under other names give the same values
    const renamed = judged([
      ["10", "A"],
      ["2", "A"],
      ["3", "B"],
      ["40", "B"],
      ["10", "C"],
      ["3", "C"],
    ]);
    expect(alphaNdcg(["A", "B", "C"], renamed, 10)).toBe(alphaNdcg(["A", "B", "C"], tied, 10));
  });

  it("is 1 for the ideal ranking and 0 without relevant documents or retrieved ones", () => {
    expect(alphaNdcg(["A", "B", "C", "D"], vector, 10)).toBe(1);
    expect(alphaNdcg(["X"], judged([]), 10)).toBe(0);
    expect(alphaNdcg([], vector, 10)).toBe(0);
  });

  it("takes alpha: at 0 it is nDCG with the number of nuggets as gain", () => {
    // A, D, E, B at alpha 0: gains 1, 1, 0, 1; ideal A, B, C, D: 1, 1, 1, 1
    const expected =
      (1 + 1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3) + 1 / Math.log2(4) + 1 / Math.log2(5));
    expect(alphaNdcg(["A", "D", "E", "B"], vector, 10, 0)).toBeCloseTo(expected, 14);
  });
});

describe("ranking a run", () => {
  it("orders by score descending, ties by document id in reverse (trec_eval, ndeval)", () => {
    expect(
      rankDocuments([
        { docId: "a", score: 1 },
        { docId: "c", score: 1 },
        { docId: "b", score: 2 },
        { docId: "d", score: 0.5 },
      ]),
    ).toEqual(["b", "c", "a", "d"]);
  });

  it("gives the same first documents with a limit as the full ranking, with ties", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 300; trial++) {
      const size = 1 + Math.floor(random() * 400);
      const entries = Array.from({ length: size }, (_, i) => ({
        docId: `d${i}`,
        score: Math.floor(random() * 50) / 2,
      }));
      for (const precision of ["float64", "float32"] as const)
        for (const limit of [1, 5, 10, 50])
          expect(rankDocuments(entries, precision, limit)).toEqual(rankDocuments(entries, precision).slice(0, limit));
    }
  });

  it("ties scores equal in 32 bits when reading them as trec_eval does", () => {
    const entries = [
      { docId: "a", score: 1.00000001 },
      { docId: "b", score: 1 },
    ];
    expect(rankDocuments(entries)).toEqual(["a", "b"]);
    expect(rankDocuments(entries, "float32")).toEqual(["b", "a"]);
  });

  it("compares document ids byte by byte, as C's strcmp on UTF-8", () => {
    expect(compareBytes("B", "a")).toBeLessThan(0); // not by locale
    expect(compareBytes("ab", "a")).toBeGreaterThan(0);
    expect(compareBytes("\uffff", "\u{1F600}")).toBeLessThan(0); // UTF-16 would say otherwise
    expect(compareBytes("x", "x")).toBe(0);
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

  it("nDCG@k with binary gains (a relevant chunk supports a nugget), by hand", () => {
    // A, D, E, B: relevant at ranks 1, 2, 4; ideal: 4 relevant chunks at ranks 1-4
    const ideal = 1 + 1 / Math.log2(3) + 1 / Math.log2(4) + 1 / Math.log2(5);
    expect(binaryNdcg(rankDocuments(vectorRun), vector, 10)).toBeCloseTo(
      (1 + 1 / Math.log2(3) + 1 / Math.log2(5)) / ideal,
      14,
    );
    expect(binaryNdcg(["A"], vector, 1)).toBe(1);
    expect(binaryNdcg(["X"], judged([]), 10)).toBe(0);
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
    const metrics = ["alpha-ndcg@10", "coverage@20", "recall@50"].map((m) => parseNuggetMetric(m)!);
    const scores = evaluateNuggetRun(qrels, run, metrics);
    expect(scores["alpha-ndcg@10"]).toBeCloseTo(alphaNdcg(rankDocuments(vectorRun), vector, 10) / 2, 12);
    expect(scores["coverage@20"]).toBeCloseTo(1 / 3, 12);
    expect(scores["recall@50"]).toBeCloseTo(0.375, 12);
  });

  it("parses metric names", () => {
    expect(parseNuggetMetric("alpha-ndcg@10")).toEqual({ name: "alpha-ndcg", k: 10, id: "alpha-ndcg@10" });
    expect(parseNuggetMetric("ndcg@10")).toEqual({ name: "ndcg", k: 10, id: "ndcg@10" });
    expect(parseNuggetMetric("map")).toBeNull();
    expect(parseNuggetMetric("recall@0")).toBeNull();
  });
});
