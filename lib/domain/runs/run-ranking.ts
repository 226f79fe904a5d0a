/** One line of a TREC run for one query: a document and its score. */
export type RunEntry = { docId: string; score: number };

/**
 * How the evaluation tools read a score: ndeval (`%lf`) keeps a C double, trec_eval 9.0.8 stores
 * `atof`'s double in a C `float`, so scores equal in 32 bits tie there.
 */
export type ScorePrecision = "float64" | "float32";

/** C's strcmp on the UTF-8 bytes: negative, 0 or positive. JavaScript's `<` compares UTF-16 code units instead. */
export function compareBytes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below the surrogates UTF-16 and UTF-8 agree on the order; above, compare code points.
    if (x < 0xd800 && y < 0xd800) return x - y;
    return (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0) || x - y;
  }
  return a.length - b.length;
}

/** Negative when x ranks above y: score descending, then document id descending, byte by byte. */
const byRank = (x: RunEntry, y: RunEntry) => y.score - x.score || compareBytes(y.docId, x.docId);

/**
 * A run's documents for one query in rank order, as trec_eval and `ndeval -traditional` order them:
 * score descending (read at the given precision), ties by document id descending, byte by byte.
 * Each document is listed once (the CLI refuses a repeated one, the database holds one per query).
 * With a limit, only the first `limit` documents, all a metric at k <= limit reads.
 */
export function rankDocuments(
  entries: readonly RunEntry[],
  precision: ScorePrecision = "float64",
  limit = Infinity,
): string[] {
  const scored =
    precision === "float32" ? entries.map((e) => ({ docId: e.docId, score: Math.fround(e.score) })) : entries;
  if (limit >= scored.length) return scored.toSorted(byRank).map((e) => e.docId);
  // The best `limit` entries, kept in order: most entries of a long run fall below the last one at once.
  const top: RunEntry[] = [];
  for (const entry of scored) {
    if (top.length === limit && byRank(entry, top[limit - 1]!) >= 0) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byRank(entry, top[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    top.splice(low, 0, entry);
    if (top.length > limit) top.pop();
  }
  return top.map((e) => e.docId);
}

/**
 * A run's documents for one query, best first, as each tool reads the scores: `exact` as doubles
 * (ndeval, FreshStack), `float32` as trec_eval stores them in a C float. The same array when the
 * two orders agree (they differ only where scores equal in 32 bits differ as doubles). Documents
 * by their ids in the run file, or by any other key once ranked (the database's ids).
 */
export type Ranking<K = string> = { readonly exact: readonly K[]; readonly float32: readonly K[] };

/** A run ranked: per query id, its ranking. */
export type RankedRun<K = string> = ReadonlyMap<string, Ranking<K>>;

/** One query's entries in both orders (see Ranking). */
export function rankingOf(entries: readonly RunEntry[]): Ranking {
  const exact = rankDocuments(entries, "float64");
  const float32 = rankDocuments(entries, "float32");
  return { exact, float32: float32.every((doc, i) => doc === exact[i]) ? exact : float32 };
}

/** Every query of a run ranked (rankingOf). */
export const rankRun = (run: ReadonlyMap<string, readonly RunEntry[]>): RankedRun =>
  new Map([...run].map(([query, entries]) => [query, rankingOf(entries)]));

/** A ranked run with its documents renamed (`name` of each key; both orders stay one array when they were). */
export function renameDocuments<K, L>(run: RankedRun<K>, name: (key: K) => L): RankedRun<L> {
  return new Map(
    [...run].map(([query, ranking]) => {
      const exact = ranking.exact.map(name);
      return [query, { exact, float32: ranking.float32 === ranking.exact ? exact : ranking.float32.map(name) }];
    }),
  );
}

/**
 * A query's ranking (rankingOf) from its documents already in descending order of score, ties in
 * any order (as a database sorts them by score alone): each stretch of scores equal as doubles
 * goes by document id descending for the exact order, each stretch equal as floats for
 * trec_eval's. `name` gives a document's id in the run file; it is asked only for documents in
 * such stretches (tiedDocuments lists them).
 */
export function rankingByScore<K>(docs: readonly K[], scores: readonly number[], name: (doc: K) => string): Ranking<K> {
  const exact = orderTies(docs, scores, (x, y) => x === y, name);
  const float32 = orderTies(exact, scores, (x, y) => Math.fround(x) === Math.fround(y), name);
  return { exact, float32: float32.every((doc, i) => doc === exact[i]) ? exact : float32 };
}

/** The documents rankingByScore will ask the names of: those in stretches of scores equal as floats. */
export function tiedDocuments<K>(docs: readonly K[], scores: readonly number[]): K[] {
  const tied: K[] = [];
  stretches(
    scores,
    (x, y) => Math.fround(x) === Math.fround(y),
    (start, end) => tied.push(...docs.slice(start, end)),
  );
  return tied;
}

/** Calls `each` with every stretch [start, end) of two or more consecutive scores that `same` joins. */
function stretches(
  scores: readonly number[],
  same: (x: number, y: number) => boolean,
  each: (start: number, end: number) => void,
) {
  for (let start = 0; start < scores.length;) {
    let end = start + 1;
    while (end < scores.length && same(scores[end - 1]!, scores[end]!)) end++;
    if (end - start > 1) each(start, end);
    start = end;
  }
}

/**
 * `docs` with each stretch of scores that `same` joins sorted by document id descending, byte by
 * byte (the scores are those of `docs`' positions, which the stretches keep).
 */
function orderTies<K>(
  docs: readonly K[],
  scores: readonly number[],
  same: (x: number, y: number) => boolean,
  name: (doc: K) => string,
): readonly K[] {
  let ordered: K[] | null = null;
  stretches(scores, same, (start, end) => {
    ordered ??= [...docs];
    const stretch = docs.slice(start, end).sort((x, y) => compareBytes(name(y), name(x)));
    stretch.forEach((doc, k) => (ordered![start + k] = doc));
  });
  return ordered ?? docs;
}
