/**
 * Standard TREC measures over graded qrels, with trec_eval 9.0.8's semantics (its `all` row,
 * without -c): graded gains for nDCG@k (ndcg_cut), relevance >= 1 for MAP, P@k, recall@k, R-prec
 * and reciprocal rank; the run ranked by its scores read as C floats, ties by document id
 * descending; the mean over the queries the run and the qrels share. judged@k is ir_measures'
 * Judged@k. docs/DOMAIN.md, "Benchmark impact", states each one.
 */
import { compareBytes, rankDocuments, type RankedRun, type RunEntry } from "../runs/run-ranking";

/** One query's judgments: document id (or another key of the document) -> relevance level (an integer; trec_eval's rel). */
export type GradedJudgments<K = string> = ReadonlyMap<K, number>;

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
export function trecMeasure<K>(measure: TrecMeasure, ranked: readonly K[], judgments: GradedJudgments<K>): number {
  return trecMeasures([measure], ranked, judgments)[0]!;
}

/** What every ranking of a query shares: its relevant documents' count and its positive gains, largest first. */
type QueryFacts = { numRel: number; idealGains: number[] };
const queryFacts = new WeakMap<GradedJudgments<unknown>, QueryFacts>();
function factsOf<K>(judgments: GradedJudgments<K>): QueryFacts {
  let facts = queryFacts.get(judgments);
  if (!facts) {
    let numRel = 0;
    for (const rel of judgments.values()) if (rel >= RELEVANT) numRel++;
    const idealGains = [...judgments.values()].filter((g) => g > 0).sort((a, b) => b - a);
    queryFacts.set(judgments, (facts = { numRel, idealGains }));
  }
  return facts;
}

/**
 * One query's value of each measure, for its ranked documents (best first, each once): each
 * document's judgment is looked up once (NaN when unjudged) and every measure reads the list.
 */
export function trecMeasures<K>(
  measures: readonly TrecMeasure[],
  ranked: readonly K[],
  judgments: GradedJudgments<K>,
): number[] {
  const { numRel, idealGains } = factsOf(judgments);
  const depth = Math.min(ranked.length, Math.max(...measures.map((m) => (m.name === "rprec" ? numRel : m.k))));
  const gains = new Array<number>(depth);
  for (let i = 0; i < depth; i++) gains[i] = judgments.get(ranked[i]!) ?? NaN;
  const relevantAt = (i: number) => gains[i]! >= RELEVANT; // NaN: unjudged, not relevant
  const relevantInTop = (n: number) => {
    let count = 0;
    for (let i = 0; i < Math.min(n, depth); i++) if (relevantAt(i)) count++;
    return count;
  };
  return measures.map((measure) => {
    const k = measure.k;
    switch (measure.name) {
      case "ndcg": {
        let dcg = 0;
        for (let i = 0; i < Math.min(k, depth); i++) if (gains[i]! > 0) dcg += gains[i]! / Math.log2(i + 2);
        let ideal = 0;
        for (let i = 0; i < Math.min(k, idealGains.length); i++) ideal += idealGains[i]! / Math.log2(i + 2);
        return ideal > 0 ? dcg / ideal : dcg;
      }
      case "map": {
        if (numRel === 0) return 0;
        let sum = 0;
        let found = 0;
        for (let i = 0; i < depth; i++) if (relevantAt(i)) sum += ++found / (i + 1);
        return sum / numRel;
      }
      case "p":
        return relevantInTop(k) / k;
      case "recall":
        return numRel === 0 ? 0 : relevantInTop(k) / numRel;
      case "rprec":
        return numRel === 0 ? 0 : relevantInTop(numRel) / numRel;
      case "mrr": {
        for (let i = 0; i < depth; i++) if (relevantAt(i)) return 1 / (i + 1);
        return 0;
      }
      case "judged": {
        let judged = 0;
        for (let i = 0; i < Math.min(k, depth); i++) if (!Number.isNaN(gains[i]!)) judged++;
        return judged / k;
      }
    }
  });
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
  const depth = Math.max(...measures.map((m) => m.k)); // Infinity when a measure reads the whole ranking
  return meanOverQueries(qrels, sharedQueries(qrels, run), measures, (q, judgments) =>
    rankDocuments(judgedOnly ? run.get(q)!.filter((e) => judged(judgments, e.docId)) : run.get(q)!, "float32", depth),
  );
}

/** evaluateTrecRun on a run ranked already (its float32 order, trec_eval's). */
export function evaluateTrecRanking<K>(
  qrels: ReadonlyMap<string, GradedJudgments<K>>,
  run: RankedRun<K>,
  measures: readonly TrecMeasure[],
  { judgedOnly = false }: TrecOptions = {},
): Record<string, number | null> {
  return meanOverQueries(qrels, sharedQueries(qrels, run), measures, (q, judgments) => {
    const ranked = run.get(q)!.float32;
    return judgedOnly ? ranked.filter((doc) => judged(judgments, doc)) : ranked;
  });
}

/** Whether trec_eval -J keeps a document: judged, at 0 or above. */
const judged = <K>(judgments: GradedJudgments<K>, doc: K) => (judgments.get(doc) ?? -1) >= 0;

function meanOverQueries<K>(
  qrels: ReadonlyMap<string, GradedJudgments<K>>,
  queries: readonly string[],
  measures: readonly TrecMeasure[],
  ranked: (query: string, judgments: GradedJudgments<K>) => readonly K[],
): Record<string, number | null> {
  const totals = measures.map(() => 0);
  for (const q of queries) {
    const judgments = qrels.get(q)!;
    const documents = ranked(q, judgments);
    trecMeasures(measures, documents, judgments).forEach((value, i) => (totals[i]! += value));
  }
  return Object.fromEntries(measures.map((m, i) => [m.id, queries.length === 0 ? null : totals[i]! / queries.length]));
}

/**
 * A run's value of one measure on each of `questions` (the qrels' questions, trec_eval -c: a
 * question the run misses scores 0), a question without a relevant document 0 for every run;
 * unrounded. `ranked` gives the run's ranking of a question, or undefined when it has none.
 */
export function trecValuesByQuestion<K>(
  qrels: ReadonlyMap<string, GradedJudgments<K>>,
  questions: readonly string[],
  measure: TrecMeasure,
  ranked: (question: string, judgments: GradedJudgments<K>) => readonly K[] | undefined,
): Float64Array {
  return Float64Array.from(questions, (q) => {
    const judgments = qrels.get(q)!;
    if (factsOf(judgments).numRel === 0) return 0;
    const documents = ranked(q, judgments);
    return documents === undefined ? 0 : trecMeasure(measure, documents, judgments);
  });
}

/** trecValuesByQuestion on a run as read from a file (its documents ranked as trec_eval ranks them; -J as evaluateTrecRun). */
export function trecRunValuesByQuestion(
  qrels: ReadonlyMap<string, GradedJudgments>,
  questions: readonly string[],
  run: ReadonlyMap<string, readonly RunEntry[]>,
  measure: TrecMeasure,
  { judgedOnly = false }: TrecOptions = {},
): Float64Array {
  return trecValuesByQuestion(qrels, questions, measure, (q, judgments) => {
    const entries = run.get(q);
    if (!entries) return undefined;
    return rankDocuments(
      judgedOnly ? entries.filter((e) => judged(judgments, e.docId)) : entries,
      "float32",
      measure.k,
    );
  });
}

/** The qrels' questions in trec_eval's order (query id, byte by byte). */
export const qrelsQuestions = (qrels: ReadonlyMap<string, unknown>): string[] => [...qrels.keys()].sort(compareBytes);
