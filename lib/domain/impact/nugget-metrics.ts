/**
 * Retrieval metrics over nugget qrels (docs/DOMAIN.md, "Benchmark impact"), each for one query's
 * ranked document ids. `supports` maps a document to the nuggets (subtopics) it supports; a
 * document is relevant when it supports at least one. `nuggets` holds every nugget the qrels name
 * for the query, supported or not.
 */
import { compareBytes, rankDocuments, type RankedRun, type RunEntry } from "../runs/run-ranking";

export type QueryJudgments = { supports: ReadonlyMap<string, ReadonlySet<string>>; nuggets: ReadonlySet<string> };

/** ndeval's order of a query's subtopics: by number when both ids are numbers (ndeval's own ids), else by bytes. */
function compareNuggets(a: string, b: string): number {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) || compareBytes(a, b) : compareBytes(a, b);
}

/** ndeval's discount at 0-based rank i: log(2) / log(i + 2). */
const ndevalDiscount = (i: number) => Math.log(2) / Math.log(i + 2);

/**
 * A query's judgments as ndeval holds them: its subtopics in ndeval's order, each judged
 * document's subtopics as indexes into that order, and the subtopics some document supports
 * (ndeval's actualSubtopics; the others do not count).
 */
type NdevalQuery = { docs: Map<string, number[]>; subtopics: number; actualSubtopics: number };
const ndevalQueries = new WeakMap<QueryJudgments, NdevalQuery>();
function ndevalQuery(judgments: QueryJudgments): NdevalQuery {
  let query = ndevalQueries.get(judgments);
  if (query) return query;
  const supported = new Set([...judgments.supports.values()].flatMap((nuggets) => [...nuggets]));
  const order = [...new Set([...judgments.nuggets, ...supported])].sort(compareNuggets);
  const index = new Map(order.map((nugget, i) => [nugget, i]));
  const docs = new Map(
    [...judgments.supports].map(([doc, nuggets]) => [
      doc,
      [...nuggets].map((n) => index.get(n)!).sort((x, y) => x - y),
    ]),
  );
  query = { docs, subtopics: order.length, actualSubtopics: supported.size };
  ndevalQueries.set(judgments, query);
  return query;
}

/**
 * ndeval's cumulative alpha-DCG of a ranking at ranks 1..depth, divided by its "ideal ideal"
 * (every subtopic at rank 1, then redundant), exactly as ndeval's computeDCG does it, so that
 * alpha-nDCG below is ndeval's quotient of two such values, bit for bit.
 */
function ndevalDcg(ranked: readonly string[], query: NdevalQuery, depth: number, alpha: number): number[] {
  const subtopicGain: number[] = new Array(query.subtopics).fill(1);
  const dcg: number[] = new Array(depth).fill(0);
  for (let i = 0; i < depth && i < ranked.length; i++) {
    let score = 0;
    for (const j of query.docs.get(ranked[i]!) ?? []) {
      score += subtopicGain[j]!;
      subtopicGain[j]! *= 1 - alpha;
    }
    dcg[i] = score * ndevalDiscount(i);
  }
  const idealIdeal: number[] = [];
  let idealIdealGain = query.actualSubtopics;
  for (let i = 0; i < depth; i++) {
    idealIdeal.push(idealIdealGain * ndevalDiscount(i));
    idealIdealGain *= 1 - alpha;
  }
  for (let i = 1; i < depth; i++) {
    dcg[i]! += dcg[i - 1]!;
    idealIdeal[i]! += idealIdeal[i - 1]!;
  }
  for (let i = 1; i < depth; i++) dcg[i]! /= idealIdeal[i]!;
  return dcg;
}

/**
 * ndeval's ideal ranking: greedily, at each rank the judged document with the largest gain given
 * the subtopics already covered, ties to the larger document id (ndeval's `strcmp(...) > 0` over
 * documents in ascending order).
 */
function ndevalIdealRanking(query: NdevalQuery, depth: number, alpha: number): string[] {
  const left = [...query.docs.keys()].sort(compareBytes);
  const subtopicGain: number[] = new Array(query.subtopics).fill(1);
  const ideal: string[] = [];
  while (ideal.length < depth && left.length > 0) {
    let where = -1;
    let maxScore = 0;
    left.forEach((doc, i) => {
      let score = 0;
      for (const j of query.docs.get(doc)!) score += subtopicGain[j]!;
      if (where === -1 || score >= maxScore) [where, maxScore] = [i, score]; // ascending ids: >= keeps the larger
    });
    const [doc] = left.splice(where, 1);
    for (const j of query.docs.get(doc!)!) subtopicGain[j]! *= 1 - alpha;
    ideal.push(doc!);
  }
  return ideal;
}

/** A query's ideal (normalised) alpha-DCG at ranks 1..k, computed once per judgments object. */
const idealCache = new WeakMap<QueryJudgments, Map<string, number[]>>();
function idealDcg(judgments: QueryJudgments, k: number, alpha: number): number[] {
  const cached = idealCache.get(judgments) ?? idealCache.set(judgments, new Map()).get(judgments)!;
  const key = `${k} ${alpha}`;
  let ideal = cached.get(key);
  if (ideal === undefined) {
    const query = ndevalQuery(judgments);
    cached.set(key, (ideal = ndevalDcg(ndevalIdealRanking(query, k, alpha), query, k, alpha)));
  }
  return ideal;
}

/**
 * alpha-nDCG@k (Clarke et al. 2008), exactly as `ndeval` computes it (alpha 0.5 by default); 0 when
 * no document supports a nugget. ndeval stops at rank 20; here k may be any positive rank.
 */
export function alphaNdcg(ranked: readonly string[], judgments: QueryJudgments, k: number, alpha = 0.5): number {
  const query = ndevalQuery(judgments);
  if (query.actualSubtopics === 0) return 0;
  const dcg = ndevalDcg(ranked, query, k, alpha)[k - 1]!;
  return dcg === 0 ? 0 : dcg / idealDcg(judgments, k, alpha)[k - 1]!;
}

/** Coverage@k: the share of the query's nuggets supported by at least one of the top k documents. */
export function coverage(ranked: readonly string[], judgments: QueryJudgments, k: number): number {
  if (judgments.nuggets.size === 0) return 0;
  const covered = new Set<string>();
  for (const doc of ranked.slice(0, k)) for (const nugget of judgments.supports.get(doc) ?? []) covered.add(nugget);
  return covered.size / judgments.nuggets.size;
}

const isRelevant = (judgments: QueryJudgments, doc: string) => (judgments.supports.get(doc)?.size ?? 0) > 0;

/** Recall@k: relevant documents (supporting a nugget) in the top k over all relevant documents; 0 when there are none. */
export function recall(ranked: readonly string[], judgments: QueryJudgments, k: number): number {
  const relevant = [...judgments.supports.keys()].filter((doc) => isRelevant(judgments, doc)).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((doc) => isRelevant(judgments, doc)).length / relevant;
}

/**
 * nDCG@k with binary gains (a document is relevant when it supports a nugget), trec_eval's
 * log2(rank + 1) discount and the ideal from the qrels; 0 when no document is relevant.
 */
export function binaryNdcg(ranked: readonly string[], judgments: QueryJudgments, k: number): number {
  const relevant = [...judgments.supports.keys()].filter((doc) => isRelevant(judgments, doc)).length;
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant); i++) ideal += 1 / Math.log2(i + 2);
  let dcg = 0;
  ranked.slice(0, k).forEach((doc, i) => {
    if (isRelevant(judgments, doc)) dcg += 1 / Math.log2(i + 2);
  });
  return ideal === 0 ? 0 : dcg / ideal;
}

export const NUGGET_METRICS = ["alpha-ndcg", "coverage", "recall", "ndcg"] as const;

/** FreshStack's three measures, the impact report's and the CLI's default: alpha-nDCG@10, Coverage@20, Recall@50. */
export const FRESHSTACK_METRICS = ["alpha-ndcg@10", "coverage@20", "recall@50"] as const;
export type NuggetMetric = { name: (typeof NUGGET_METRICS)[number]; k: number; id: string };

/** "alpha-ndcg@10" -> { name: "alpha-ndcg", k: 10 }; null when it is not one of NUGGET_METRICS at a positive k. */
export function parseNuggetMetric(id: string): NuggetMetric | null {
  const match = /^([a-z-]+)@(\d+)$/.exec(id);
  const name = match?.[1] as NuggetMetric["name"] | undefined;
  const k = Number(match?.[2]);
  return name && NUGGET_METRICS.includes(name) && Number.isSafeInteger(k) && k > 0 ? { name, k, id } : null;
}

const METRIC_FUNCTIONS = { "alpha-ndcg": alphaNdcg, coverage, recall, ndcg: binaryNdcg } as const;

/**
 * A run's score on each metric, averaged as FreshStack does (and `ndeval -c`) over every query of
 * the qrels: a query the run did not answer scores 0; queries only in the run are ignored. The run
 * is ranked as `ndeval -traditional` ranks it (scores as doubles).
 */
export function evaluateNuggetRun(
  qrels: ReadonlyMap<string, QueryJudgments>,
  run: ReadonlyMap<string, readonly RunEntry[]>,
  metrics: readonly NuggetMetric[],
): Record<string, number> {
  const depth = Math.max(...metrics.map((m) => m.k));
  return meanOverQrels(qrels, metrics, (q) => rankDocuments(run.get(q) ?? [], "float64", depth));
}

/** evaluateNuggetRun on a run ranked already (its exact order, ndeval's). */
export function evaluateNuggetRanking(
  qrels: ReadonlyMap<string, QueryJudgments>,
  run: RankedRun,
  metrics: readonly NuggetMetric[],
): Record<string, number> {
  return meanOverQrels(qrels, metrics, (q) => run.get(q)?.exact ?? []);
}

function meanOverQrels(
  qrels: ReadonlyMap<string, QueryJudgments>,
  metrics: readonly NuggetMetric[],
  ranked: (query: string) => readonly string[],
): Record<string, number> {
  const totals = Object.fromEntries(metrics.map((m) => [m.id, 0]));
  for (const [queryId, judgments] of qrels) {
    const documents = ranked(queryId);
    for (const m of metrics) totals[m.id]! += METRIC_FUNCTIONS[m.name](documents, judgments, m.k);
  }
  return Object.fromEntries(metrics.map((m) => [m.id, qrels.size === 0 ? 0 : totals[m.id]! / qrels.size]));
}
