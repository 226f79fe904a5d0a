/**
 * Standard TREC measures over graded qrels, with trec_eval 9.0.8's semantics (its `all` row,
 * without -c): graded gains for nDCG@k (ndcg_cut), relevance >= 1 for MAP, P@k, recall@k, R-prec
 * and reciprocal rank; the run ranked by its scores read as C floats, ties by document id
 * descending; the mean over the queries the run and the qrels share. judged@k is ir_measures'
 * Judged@k. docs/DOMAIN.md, "Benchmark impact", states each one.
 */
import { compareBytes, rankDocuments, type RunEntry } from "./run-ranking";

/** One query's judgments: document id -> relevance level (an integer; trec_eval's rel). */
export type GradedJudgments = ReadonlyMap<string, number>;

export const TREC_MEASURES = ["ndcg", "map", "p", "recall", "rprec", "mrr", "judged"] as const;
type MeasureName = (typeof TREC_MEASURES)[number];
const AT_K: readonly MeasureName[] = ["ndcg", "p", "recall", "judged"];
export type TrecMeasure = { name: MeasureName; k: number; id: string };

/** "ndcg@10" -> { name: "ndcg", k: 10 }, "map" -> { name: "map", k: Infinity }; null for anything else. */
export function parseTrecMeasure(id: string): TrecMeasure | null {
  const match = /^([a-z]+)(?:@(\d+))?$/.exec(id);
  const name = match?.[1] as MeasureName | undefined;
  if (!name || !TREC_MEASURES.includes(name)) return null;
  if (!AT_K.includes(name)) return match![2] === undefined ? { name, k: Infinity, id } : null;
  const k = Number(match![2]);
  return Number.isSafeInteger(k) && k > 0 ? { name, k, id } : null;
}

const RELEVANT = 1; // trec_eval's default relevance_level

/** One query's value of a measure, for its ranked documents (best first, each once). */
export function trecMeasure(measure: TrecMeasure, ranked: readonly string[], judgments: GradedJudgments): number {
  const k = measure.k;
  let numRel = 0;
  for (const rel of judgments.values()) if (rel >= RELEVANT) numRel++;
  const relevantAt = (i: number) => (judgments.get(ranked[i]!) ?? 0) >= RELEVANT;
  const relevantInTop = (n: number) => {
    let count = 0;
    for (let i = 0; i < Math.min(n, ranked.length); i++) if (relevantAt(i)) count++;
    return count;
  };
  switch (measure.name) {
    case "ndcg": {
      let dcg = 0;
      for (let i = 0; i < Math.min(k, ranked.length); i++) {
        const gain = judgments.get(ranked[i]!) ?? 0;
        if (gain > 0) dcg += gain / Math.log2(i + 2);
      }
      const gains = [...judgments.values()].filter((g) => g > 0).sort((a, b) => b - a);
      let ideal = 0;
      for (let i = 0; i < Math.min(k, gains.length); i++) ideal += gains[i]! / Math.log2(i + 2);
      return ideal > 0 ? dcg / ideal : dcg;
    }
    case "map": {
      if (numRel === 0) return 0;
      let sum = 0;
      let found = 0;
      ranked.forEach((_, i) => {
        if (relevantAt(i)) sum += ++found / (i + 1);
      });
      return sum / numRel;
    }
    case "p":
      return relevantInTop(k) / k;
    case "recall":
      return numRel === 0 ? 0 : relevantInTop(k) / numRel;
    case "rprec":
      return numRel === 0 ? 0 : relevantInTop(numRel) / numRel;
    case "mrr": {
      const first = ranked.findIndex((_, i) => relevantAt(i));
      return first === -1 ? 0 : 1 / (first + 1);
    }
    case "judged": {
      let judged = 0;
      for (let i = 0; i < Math.min(k, ranked.length); i++) if (judgments.has(ranked[i]!)) judged++;
      return judged / k;
    }
  }
}

/** The queries a run and the qrels share, in trec_eval's order (query id, byte by byte). */
function sharedQueries(qrels: ReadonlyMap<string, unknown>, run: ReadonlyMap<string, unknown>): string[] {
  return [...run.keys()].filter((q) => qrels.has(q)).sort(compareBytes);
}

/** How trec_eval reads a run: every document (the default), or judged documents only (`-J`). */
export type TrecOptions = { judgedOnly?: boolean };

/**
 * A run's mean of each measure over the queries it shares with the qrels (trec_eval without -c: a
 * qrels query the run misses does not count; one without relevant documents counts, scoring 0 on
 * most measures). Each measure is null when the run and the qrels share no query. With
 * `judgedOnly` (trec_eval -J), the documents the qrels do not judge (or judge below 0, trec_eval's
 * "in the pool, unjudged") are taken out of each ranking first, the others keeping their order.
 */
export function evaluateTrecRun(
  qrels: ReadonlyMap<string, GradedJudgments>,
  run: ReadonlyMap<string, readonly RunEntry[]>,
  measures: readonly TrecMeasure[],
  { judgedOnly = false }: TrecOptions = {},
): Record<string, number | null> {
  const queries = sharedQueries(qrels, run);
  const totals = measures.map(() => 0);
  const depth = Math.max(...measures.map((m) => m.k)); // Infinity when a measure reads the whole ranking
  for (const q of queries) {
    const judgments = qrels.get(q)!;
    const entries = judgedOnly ? run.get(q)!.filter((e) => (judgments.get(e.docId) ?? -1) >= 0) : run.get(q)!;
    const ranked = rankDocuments(entries, "float32", depth);
    measures.forEach((m, i) => (totals[i]! += trecMeasure(m, ranked, judgments)));
  }
  return Object.fromEntries(measures.map((m, i) => [m.id, queries.length === 0 ? null : totals[i]! / queries.length]));
}
