import { describe, expect, it } from "vitest";
import type { SetLabel } from "../label-sets/label-set";
import { buildImpactReport, type ImpactInputs } from "./build-impact-report";
import { SIGNIFICANCE_DEFAULTS } from "./impact-significance";
import { pairedTTestPValue } from "../significance/paired-t-test";
import { rankRun, renameDocuments, type RankedRun } from "../runs/run-ranking";

const labels = (...entries: [nugget: number, doc: number, value: string, query?: number][]) =>
  new Map<string, SetLabel>(
    entries.map(([nugget, doc, value, query = 1]) => [
      `nd:${nugget}:${doc}`,
      { targetKey: `nd:${nugget}:${doc}`, value, scale: "binary", queryId: query, nuggetId: nugget, criterion: null },
    ]),
  );
// runs name chunks by their external ids (c10 for chunk 10)
/** A run as the database holds it: ranked by the file's names (c10 for chunk 10), documents by their ids. */
const byIds = (run: RankedRun) => renameDocuments(run, (name) => Number(name.slice(1)));
const run = (docs: number[]) =>
  byIds(rankRun(new Map([["1", docs.map((d, i) => ({ docId: `c${d}`, score: 10 - i }))]])));

// question 1 has nuggets 1 and 2. Set A: chunk 10 supports nugget 1, chunk 11 nugget 2. Set B: chunk
// 12 supports nugget 1 (not 10), chunk 11 nugget 2. Question 2 (nugget 3) is judged by A only.
const inputs: ImpactInputs = {
  sets: { a: "gpt-4o", b: "experts" },
  labels: {
    a: labels([1, 10, "1"], [2, 11, "1"], [3, 13, "1", 2]),
    b: labels([1, 10, "0"], [1, 12, "1"], [2, 11, "1"]),
  },
  nuggets: [
    { id: 1, queryId: 1 },
    { id: 2, queryId: 1 },
    { id: 3, queryId: 2 },
  ],
  runs: new Map([
    ["bm25", run([10, 11])],
    ["dense", run([11, 12])],
  ]),
  questionNames: new Map([
    ["1", "hq-1"],
    ["2", "hq-2"],
  ]),
  documentNames: new Map([10, 11, 12, 13].map((d) => [d, `c${d}`])),
};

describe("buildImpactReport", () => {
  const report = buildImpactReport(inputs);
  if (typeof report === "string") throw new Error(report);

  it("compares both sets on the questions both judged", () => {
    expect([report.questions, report.questionsTotal, report.judged]).toEqual([1, 2, { a: 2, b: 1 }]);
  });

  it("scores the runs under each set: each system covers both nuggets under one set and one under the other", () => {
    const coverage = Object.fromEntries(report.systems.map((s) => [s.name, s.scores["coverage@20"]]));
    expect(coverage).toEqual({ bm25: { a: 1, b: 0.5 }, dense: { a: 0.5, b: 1 } });
  });

  it("finds the swap and a Kendall tau of -1 between the two rankings", () => {
    expect(report.swaps["coverage@20"]).toEqual([["bm25", "dense"]]);
    expect(report.kendallTauB["coverage@20"]).toBe(-1);
  });

  it("lists the questions whose scores move, and FreshStack's filters", () => {
    expect(report.perQuestion.map((q) => q.question)).toEqual(["hq-1"]);
    expect(report.filters).toEqual({
      unsupportedQuestions: { a: 0, b: 0 },
      unsupportedNuggets: { a: 0, b: 0 },
      nuggets: 2,
    });
  });

  it("says why when there is nothing to compare", () => {
    expect(buildImpactReport({ ...inputs, labels: { a: inputs.labels.a, b: new Map() } })).toBe(
      "gpt-4o and experts share no kind of label (support, relevance, nugget assignment or citation support): nothing to compare",
    );
    expect(buildImpactReport({ ...inputs, labels: { a: labels([3, 13, "1", 2]), b: inputs.labels.b } })).toBe(
      "gpt-4o and experts judged no question in common: nothing to compare",
    );
    expect(buildImpactReport({ ...inputs, family: "relevance" })).toBe(
      "gpt-4o and experts have no relevance labels in common: choose nuggets",
    );
    expect(buildImpactReport({ ...inputs, runs: new Map() })).toMatch(/no runs/);
  });
});

describe("buildImpactReport on relevance labels", () => {
  // graded qrels as labels: question 1..3 (q1..q3), chunks c10..c16; set B judged q1 and q2 only
  const graded = (...entries: [query: number, doc: number, level: string][]) =>
    new Map<string, SetLabel>(
      entries.map(([query, doc, value]) => [
        `qd:${query}:${doc}`,
        {
          targetKey: `qd:${query}:${doc}`,
          value,
          scale: "graded-0-2",
          queryId: query,
          nuggetId: null,
          criterion: null,
        },
      ]),
    );
  const entries = (...docs: [query: string, doc: string, score: number][]) => {
    const run = new Map<string, { docId: string; score: number }[]>();
    for (const [q, docId, score] of docs) run.set(q, [...(run.get(q) ?? []), { docId, score }]);
    return byIds(rankRun(run));
  };
  const relevance: ImpactInputs = {
    sets: { a: "assessors", b: "llm" },
    labels: {
      // q2 is all negative under A; q3 only A judged
      a: graded([1, 10, "2"], [1, 11, "0"], [1, 12, "1"], [2, 13, "0"], [2, 14, "0"], [3, 15, "1"]),
      b: graded([1, 10, "0"], [1, 11, "2"], [1, 12, "1"], [2, 13, "1"]),
    },
    nuggets: [],
    runs: new Map([
      // c11 and c12 tie at 2: trec_eval ranks the larger id first; c15 and c16 are unjudged in q1
      [
        "bm25",
        entries(["1", "c10", 3], ["1", "c11", 2], ["1", "c12", 2], ["1", "c15", 1], ["2", "c13", 1], ["2", "c14", 1]),
      ],
      ["dense", entries(["1", "c11", 5], ["1", "c16", 4], ["1", "c10", 3], ["2", "c14", 2])],
    ]),
    questionNames: new Map([
      ["1", "q1"],
      ["2", "q2"],
      ["3", "q3"],
    ]),
    documentNames: new Map([10, 11, 12, 13, 14, 15, 16].map((d) => [d, `c${d}`])),
  };
  const scores = (report: ReturnType<typeof buildImpactReport>, set: "a" | "b") => {
    if (typeof report === "string") throw new Error(report);
    return Object.fromEntries(
      report.systems.map((s) => [
        s.name,
        Object.fromEntries(Object.entries(s.scores).map(([m, v]) => [m, Number(v[set]!.toFixed(4))])),
      ]),
    );
  };

  // trec_eval 9.0.8 (-m ndcg_cut.10 -m map -m P.10 -m Rprec -m recip_rank -m recall.100) on each set's
  // qrels of q1 and q2 as files, with and without -J, printed these values
  it("scores the runs with trec_eval's measures on the questions both sets judged", () => {
    const report = buildImpactReport(relevance);
    if (typeof report === "string") throw new Error(report);
    expect(report).toMatchObject({ family: "relevance", questions: 2, questionsTotal: 3, judged: { a: 3, b: 2 } });
    expect(report.metrics).toEqual(["ndcg@10", "map", "p@10", "rprec", "mrr", "recall@100", "judged@10"]);
    const { "judged@10": _a, ...bm25A } = scores(report, "a").bm25!;
    expect(bm25A).toEqual({ "ndcg@10": 0.5, map: 0.5, "p@10": 0.1, rprec: 0.5, mrr: 0.5, "recall@100": 0.5 });
    const { "judged@10": _b, ...denseB } = scores(report, "b").dense!;
    expect(denseB).toEqual({ "ndcg@10": 0.3801, map: 0.25, "p@10": 0.05, rprec: 0.25, mrr: 0.5, "recall@100": 0.25 });
    expect(scores(report, "a").dense!["ndcg@10"]).toBe(0.19);
    expect(scores(report, "b").bm25).toMatchObject({ "ndcg@10": 0.6254, map: 0.5417, rprec: 0.25 });
    expect(report.filters).toBeNull();
    expect(report.perQuestion.map((q) => q.question).sort()).toEqual(["q1", "q2"]);
    expect(report.kendallTauB["ndcg@10"]).toBe(1);
    expect(report.spearmanRho["ndcg@10"]).toBe(1);
  });

  it("tests every pair of runs under each set on the questions both judged, a question without a relevant document 0 for every run", () => {
    const report = buildImpactReport(relevance);
    if (typeof report === "string") throw new Error(report);
    const sig = report.significance;
    expect(sig).toMatchObject({ measure: "ndcg@10", test: "randomization", questions: 2, exact: true, swaps: [] });
    const ndcg = (set: "a" | "b", system: string) =>
      report.systems.find((s) => s.name === system)!.scores["ndcg@10"]![set];
    // both runs answer q1 and q2, and q2 scores 0 under either set's nDCG: the means are Impact's
    const [a] = sig.pairs.a;
    expect(a).toMatchObject({ a: "bm25", b: "dense", meanA: ndcg("a", "bm25"), meanB: ndcg("a", "dense") });
    // under A q2 has no relevant document (0 for both), so d = (d1, 0): every sign assignment is as extreme
    const d1 = 2 * (ndcg("a", "bm25")! - ndcg("a", "dense")!);
    expect(a!.randomizationP).toBe(1);
    expect(a!.tP).toBe(pairedTTestPValue([d1, 0]));
    expect(sig.differences).toMatchObject({ x: "bm25", y: "dense" });
    expect(sig.differences!.questions.map((q) => [q.question, q.a])).toEqual([
      ["q1", d1],
      ["q2", 0],
    ]);
    expect(sig.order.a).toEqual(["bm25", "dense"]);
    // judged@10 under A: q2's judged chunks count on Impact's mean, not in the tests (no relevant document)
    const judged = buildImpactReport({
      ...relevance,
      significance: { ...SIGNIFICANCE_DEFAULTS, measure: "judged@10" },
    });
    if (typeof judged === "string") throw new Error(judged);
    const bm25 = judged.systems.find((s) => s.name === "bm25")!.scores["judged@10"]!.a!;
    expect(judged.significance.pairs.a[0]!.meanA).toBeLessThan(bm25);
    expect(judged.significance.measure).toBe("judged@10");
  });

  it("with -J scores judged documents only, and leaves judged@10 out", () => {
    const report = buildImpactReport({ ...relevance, judgedOnly: true });
    if (typeof report === "string") throw new Error(report);
    expect(report.judgedOnly).toBe(true);
    expect(report.metrics).not.toContain("judged@10");
    expect(scores(report, "a").dense).toEqual({
      "ndcg@10": 0.2398,
      map: 0.125,
      "p@10": 0.05,
      rprec: 0.25,
      mrr: 0.25,
      "recall@100": 0.25,
    });
    expect(scores(report, "b").bm25).toEqual({
      "ndcg@10": 0.81,
      map: 0.7917,
      "p@10": 0.15,
      rprec: 0.75,
      mrr: 0.75,
      "recall@100": 1,
    });
  });
});
