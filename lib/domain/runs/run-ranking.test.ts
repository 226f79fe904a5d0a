import { describe, expect, it } from "vitest";
import { evaluateNuggetRanking, evaluateNuggetRun, parseNuggetMetric } from "../impact/nugget-metrics";
import { rankingByScore, rankingOf, rankRun, tiedDocuments, type RunEntry } from "./run-ranking";
import { evaluateTrecRanking, evaluateTrecRun, parseTrecMeasure } from "../impact/trec-measures";

describe("a run's ranking of one query", () => {
  it("orders by score as a double and as trec_eval's float, ties by document id descending", () => {
    // 1.0000000001 and 1 are one float: trec_eval ties them and puts b first; ndeval does not
    const ranking = rankingOf([
      { docId: "a", score: 1.0000000001 },
      { docId: "b", score: 1 },
      { docId: "c", score: 3 },
    ]);
    expect(ranking.exact).toEqual(["c", "a", "b"]);
    expect(ranking.float32).toEqual(["c", "b", "a"]);
  });

  it("is one array when both orders agree", () => {
    const ranking = rankingOf([
      { docId: "d1", score: 2 },
      { docId: "d2", score: 2 },
      { docId: "d3", score: 5 },
    ]);
    expect(ranking.exact).toEqual(["d3", "d2", "d1"]);
    expect(ranking.float32).toBe(ranking.exact);
  });
});

describe("measures over a ranked run", () => {
  // 30 queries of 40 entries with many ties (scores on a coarse grid), some queries judged, some not
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const run = new Map<string, RunEntry[]>();
  const graded = new Map<string, Map<string, number>>();
  const nuggets = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string> }>();
  for (let q = 0; q < 30; q++) {
    const query = `q${q}`;
    run.set(
      query,
      Array.from({ length: 40 }, (_, d) => ({ docId: `d${(d * 7) % 40}`, score: Math.round(random() * 8) / 4 })),
    );
    if (q % 5 === 4) continue; // a query the run answers and nobody judged
    const judgments = new Map<string, number>();
    const supports = new Map<string, Set<string>>();
    for (let d = 0; d < 50; d += 2) {
      const level = Math.floor(random() * 4) - (d % 10 === 0 ? 1 : 0); // some judged below 0 (unjudged in the pool)
      judgments.set(`d${d}`, level);
      if (level >= 2) supports.set(`d${d}`, new Set([`n${d % 3}`]));
    }
    graded.set(query, judgments);
    nuggets.set(query, { supports, nuggets: new Set(["n0", "n1", "n2", "n3"]) });
  }
  const ranked = rankRun(run);

  it("gives trec_eval's figures exactly as ranking the entries does, with and without -J", () => {
    const measures = ["ndcg@10", "map", "p@5", "rprec", "mrr", "recall@20", "judged@10"].map((id) =>
      parseTrecMeasure(id)!,
    );
    for (const judgedOnly of [false, true])
      expect(evaluateTrecRanking(graded, ranked, measures, { judgedOnly })).toEqual(
        evaluateTrecRun(graded, run, measures, { judgedOnly }),
      );
  });

  it("gives ndeval's and FreshStack's figures exactly as ranking the entries does", () => {
    const metrics = ["alpha-ndcg@10", "coverage@20", "recall@50", "ndcg@10"].map((id) => parseNuggetMetric(id)!);
    expect(evaluateNuggetRanking(nuggets, ranked, metrics)).toEqual(evaluateNuggetRun(nuggets, run, metrics));
  });
});

describe("a ranking from documents sorted by score alone", () => {
  it("orders the ties of each tool as ranking afresh does, asking only the tied documents' names", () => {
    let seed = 11;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let trial = 0; trial < 200; trial++) {
      // scores on a grid finer than a float's step near 1: many tie as floats and not as doubles, some as both
      const entries = Array.from({ length: 30 }, (_, d) => ({
        docId: `doc-${Math.floor(random() * 1000)}-${d}`,
        score: 1 + Math.floor(random() * 6) * 2 ** -26 + (random() < 0.3 ? 0.5 : 0) + (d % 7 === 0 ? 3 + d : 0),
      }));
      const byScore = entries.toSorted((x, y) => y.score - x.score || random() - 0.5);
      const docs = byScore.map((e) => e.docId);
      const scores = byScore.map((e) => e.score);
      const tied = new Set(tiedDocuments(docs, scores));
      const asked = new Set<string>();
      const ranking = rankingByScore(docs, scores, (doc) => (asked.add(doc), doc));
      const fresh = rankingOf(entries);
      expect(ranking).toEqual(fresh);
      expect(ranking.float32 === ranking.exact).toBe(fresh.float32 === fresh.exact);
      expect([...asked].every((doc) => tied.has(doc))).toBe(true);
      expect(tied.size).toBeLessThan(docs.length); // the untied scores (d % 7 == 0) are never asked
    }
  });
});
