/**
 * Retrieval metrics over nugget qrels (docs/DOMAIN.md, "Benchmark impact"), each for one query's ranked document
 * ids. `supports` maps a document to the nuggets (subtopics) it supports; a document is relevant
 * when it supports at least one.
 */
export type QueryJudgments = { supports: ReadonlyMap<string, ReadonlySet<string>>; nuggets: ReadonlySet<string> };

const discount = (rank: number) => 1 / Math.log2(rank + 1);

export type RunEntry = { docId: string; score: number };

/** Whether x ranks above y: higher score, then (ties) the later document id, as trec_eval and ndeval order them. */
const ranksAbove = (x: RunEntry, y: RunEntry) => x.score > y.score || (x.score === y.score && x.docId > y.docId);

/**
 * The first `depth` distinct documents of one query's run, fed one entry at a time (rank order as
 * rankDocuments; a document retrieved twice keeps its best place). Holds at most `depth` entries,
 * so a reader can keep millions of run lines without storing them.
 */
export class TopDocuments {
  /** The kept entries, best first. */
  readonly entries: RunEntry[] = [];

  constructor(readonly depth: number) {}

  /** Whether an entry with this score may enter: a cheap test before building its document id. */
  admits(score: number): boolean {
    return this.entries.length < this.depth || score >= this.entries[this.depth - 1]!.score;
  }

  offer(docId: string, score: number): void {
    const entry = { docId, score };
    const entries = this.entries;
    if (entries.length === this.depth && !ranksAbove(entry, entries[this.depth - 1]!)) return;
    const same = entries.findIndex((e) => e.docId === docId);
    if (same !== -1) {
      if (!ranksAbove(entry, entries[same]!)) return;
      entries.splice(same, 1);
    }
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranksAbove(entry, entries[middle]!)) high = middle;
      else low = middle + 1;
    }
    entries.splice(low, 0, entry);
    if (entries.length > this.depth) entries.pop();
  }
}

/**
 * A run's documents for one query in rank order: score descending, ties broken by document id in
 * reverse order as trec_eval and ndeval do; a document retrieved twice counts once, at its first
 * place. With a limit, only the first `limit` documents (all a metric at k <= limit reads).
 */
export function rankDocuments(entries: readonly RunEntry[], limit = Infinity): string[] {
  if (Number.isFinite(limit)) {
    const top = new TopDocuments(limit);
    for (const e of entries) top.offer(e.docId, e.score);
    return top.entries.map((e) => e.docId);
  }
  const sorted = entries.toSorted((a, b) => b.score - a.score || (a.docId < b.docId ? 1 : a.docId > b.docId ? -1 : 0));
  return [...new Set(sorted.map((e) => e.docId))];
}

/** alpha-DCG@k of a ranking: the document at rank i gains Σ over its nuggets (1 - alpha)^(times seen above). */
function alphaDcg(ranked: readonly string[], supports: QueryJudgments["supports"], k: number, alpha: number): number {
  const seen = new Map<string, number>();
  let dcg = 0;
  ranked.slice(0, k).forEach((doc, i) => {
    let gain = 0;
    for (const nugget of supports.get(doc) ?? []) {
      const times = seen.get(nugget) ?? 0;
      gain += (1 - alpha) ** times;
      seen.set(nugget, times + 1);
    }
    dcg += gain * discount(i + 1);
  });
  return dcg;
}

/**
 * The ideal ranking for alpha-nDCG, built greedily as ndeval does: at each rank the judged relevant
 * document with the largest gain given the nuggets already seen, ties by document id.
 */
function idealRanking(supports: QueryJudgments["supports"], k: number, alpha: number): string[] {
  const left = [...supports.keys()].filter((d) => supports.get(d)!.size > 0).sort();
  const seen = new Map<string, number>();
  const ideal: string[] = [];
  while (ideal.length < k && left.length > 0) {
    let best = 0;
    let bestGain = -1;
    left.forEach((doc, i) => {
      let gain = 0;
      for (const nugget of supports.get(doc)!) gain += (1 - alpha) ** (seen.get(nugget) ?? 0);
      if (gain > bestGain) [best, bestGain] = [i, gain];
    });
    const [doc] = left.splice(best, 1);
    for (const nugget of supports.get(doc!)!) seen.set(nugget, (seen.get(nugget) ?? 0) + 1);
    ideal.push(doc!);
  }
  return ideal;
}

/** alpha-nDCG@k (Clarke et al. 2008, ndeval semantics, alpha 0.5 by default); 0 when no document is relevant. */
export function alphaNdcg(ranked: readonly string[], judgments: QueryJudgments, k: number, alpha = 0.5): number {
  const ideal = idealAlphaDcg(judgments, k, alpha);
  return ideal === 0 ? 0 : alphaDcg(ranked, judgments.supports, k, alpha) / ideal;
}

/** A query's ideal alpha-DCG@k, computed once per judgments object (every run of an evaluation shares it). */
const idealCache = new WeakMap<QueryJudgments, Map<string, number>>();
function idealAlphaDcg(judgments: QueryJudgments, k: number, alpha: number): number {
  const cached = idealCache.get(judgments) ?? idealCache.set(judgments, new Map()).get(judgments)!;
  const key = `${k} ${alpha}`;
  let ideal = cached.get(key);
  if (ideal === undefined)
    cached.set(key, (ideal = alphaDcg(idealRanking(judgments.supports, k, alpha), judgments.supports, k, alpha)));
  return ideal;
}

/** Coverage@k: the share of the query's nuggets supported by at least one of the top k documents. */
export function coverage(ranked: readonly string[], judgments: QueryJudgments, k: number): number {
  if (judgments.nuggets.size === 0) return 0;
  const covered = new Set<string>();
  for (const doc of ranked.slice(0, k)) for (const nugget of judgments.supports.get(doc) ?? []) covered.add(nugget);
  return covered.size / judgments.nuggets.size;
}

/** Recall@k: relevant documents (supporting a nugget) in the top k over all relevant documents; 0 when there are none. */
export function recall(ranked: readonly string[], judgments: QueryJudgments, k: number): number {
  const relevant = [...judgments.supports.values()].filter((s) => s.size > 0).length;
  if (relevant === 0) return 0;
  return ranked.slice(0, k).filter((doc) => (judgments.supports.get(doc)?.size ?? 0) > 0).length / relevant;
}

/** nDCG@k with trec_eval's semantics: linear gains (the graded label), log2(rank + 1) discount, ideal from the qrels. */
export function ndcg(ranked: readonly string[], gains: ReadonlyMap<string, number>, k: number): number {
  const dcg = (values: readonly number[]) => values.slice(0, k).reduce((s, g, i) => s + g * discount(i + 1), 0);
  const ideal = dcg([...gains.values()].filter((g) => g > 0).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((d) => Math.max(0, gains.get(d) ?? 0))) / ideal;
}

export const RETRIEVAL_METRICS = ["alpha-ndcg", "coverage", "recall"] as const;

/** FreshStack's three measures, the impact report's and the CLI's default: alpha-nDCG@10, Coverage@20, Recall@50. */
export const FRESHSTACK_METRICS = ["alpha-ndcg@10", "coverage@20", "recall@50"] as const;
export type RetrievalMetric = { name: (typeof RETRIEVAL_METRICS)[number]; k: number; id: string };

/** "alpha-ndcg@10" -> { name: "alpha-ndcg", k: 10 }; null when it is not one of RETRIEVAL_METRICS at a positive k. */
export function parseRetrievalMetric(id: string): RetrievalMetric | null {
  const match = /^([a-z-]+)@(\d+)$/.exec(id);
  const name = match?.[1] as RetrievalMetric["name"] | undefined;
  const k = Number(match?.[2]);
  return name && RETRIEVAL_METRICS.includes(name) && k > 0 ? { name, k, id } : null;
}

/**
 * A run's score on each metric, averaged as FreshStack does over every query of the qrels (a query
 * the run did not answer scores 0; queries only in the run are ignored).
 */
export function evaluateRun(
  qrels: ReadonlyMap<string, QueryJudgments>,
  run: ReadonlyMap<string, readonly RunEntry[]>,
  metrics: readonly RetrievalMetric[],
): Record<string, number> {
  const totals = Object.fromEntries(metrics.map((m) => [m.id, 0]));
  const depth = Math.max(...metrics.map((m) => m.k));
  for (const [queryId, judgments] of qrels) {
    const ranked = rankDocuments(run.get(queryId) ?? [], depth);
    for (const m of metrics) {
      totals[m.id]! +=
        m.name === "alpha-ndcg"
          ? alphaNdcg(ranked, judgments, m.k)
          : m.name === "coverage"
            ? coverage(ranked, judgments, m.k)
            : recall(ranked, judgments, m.k);
    }
  }
  return Object.fromEntries(metrics.map((m) => [m.id, qrels.size === 0 ? 0 : totals[m.id]! / qrels.size]));
}

/**
 * Kendall's tau-b between two scorings of the same systems: (concordant - discordant) /
 * sqrt((n0 - ties in x) (n0 - ties in y)), n0 = n(n - 1) / 2; null when either scoring is all ties.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const n0 = (x.length * (x.length - 1)) / 2;
  const denominator = Math.sqrt((n0 - tiesX) * (n0 - tiesY));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}
