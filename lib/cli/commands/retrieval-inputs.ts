import fs from "node:fs";
import {
  evaluateNuggetRun,
  FRESHSTACK_METRICS,
  NUGGET_METRICS,
  parseNuggetMetric,
  type NuggetMetric,
  type QueryJudgments,
} from "@/lib/domain/impact/nugget-metrics";
import type { RunEntry } from "@/lib/domain/runs/run-ranking";
import {
  evaluateTrecRun,
  parseTrecMeasure,
  TREC_MEASURES,
  type GradedJudgments,
  type TrecMeasure,
} from "@/lib/domain/impact/trec-measures";
import { decimalAt } from "@/lib/formats/decimal";
import { collectGarbage } from "../collect-garbage";
import { describeLineError } from "@/lib/formats/parsed";
import { forEachLine } from "@/lib/formats/read-lines";
import { parseNuggetQrelLine, parseQrelLine, parseRunLine } from "@/lib/formats/trec";
import { eachRow, inputError, repeated } from "./contract-input";

/** A run as read from a file: per query, its entries (each document once). */
export type Run = ReadonlyMap<string, readonly RunEntry[]>;

/** Which labels score the runs: graded TREC qrels (trec_eval's measures) or nugget qrels (FreshStack's). */
export type LabelKind = "qrels" | "nugget-qrels";

/** Scores a run on the chosen metrics; a metric is null when the run and the labels share no query. */
export type Scorer = { metrics: string[]; score: (run: Run) => Record<string, number | null> };

const DEFAULT_METRICS: Record<LabelKind, string> = {
  qrels: "ndcg@10,map,p@10,recall@100,rprec,mrr,judged@10",
  "nugget-qrels": FRESHSTACK_METRICS.join(","),
};
const METRIC_NAMES: Record<LabelKind, string> = {
  qrels: TREC_MEASURES.map((m) => (["map", "rprec", "mrr"].includes(m) ? m : `${m}@K`)).join(", "),
  "nugget-qrels": NUGGET_METRICS.map((m) => `${m}@K`).join(", "),
};

/** Exactly one of the options names the labels; its name says their kind. */
export function labelsOption<K extends string>(values: Partial<Record<K, string>>, options: Record<LabelKind, K>) {
  const given = (Object.entries(options) as [LabelKind, K][]).filter(([, option]) => values[option] !== undefined);
  if (given.length !== 1)
    throw inputError(
      `give exactly one of ${Object.values(options)
        .map((o) => `--${o}`)
        .join(" or ")}`,
    );
  const [kind, option] = given[0]!;
  return { kind, file: values[option]! };
}

/** The metrics of `--metrics` (or the kind's default), each checked against what the kind knows. */
function parseMetrics<M>(kind: LabelKind, list: string | undefined, parse: (id: string) => M | null): M[] {
  return (list ?? DEFAULT_METRICS[kind]).split(",").map((raw) => {
    const id = raw.trim();
    const metric = parse(id);
    if (!metric) throw inputError(`--metrics: "${id}" is not a --${kind} metric (${METRIC_NAMES[kind]})`);
    return metric;
  });
}

/**
 * Reads a label file of the given kind and returns what scores runs against it. `judgedOnly` is
 * trec_eval's -J (graded qrels only): each ranking without the documents the qrels do not judge.
 */
export async function readScorer(
  kind: LabelKind,
  file: string,
  metricList: string | undefined,
  { judgedOnly = false }: { judgedOnly?: boolean } = {},
): Promise<Scorer> {
  if (judgedOnly && kind !== "qrels") throw inputError("--judged-only (trec_eval's -J) applies to --qrels only");
  if (kind === "qrels") {
    const measures = parseMetrics<TrecMeasure>(kind, metricList, parseTrecMeasure);
    const qrels = await readGradedQrels(file);
    return {
      metrics: measures.map((m) => m.id),
      score: (run) => evaluateTrecRun(qrels, run, measures, { judgedOnly }),
    };
  }
  const metrics = parseMetrics<NuggetMetric>(kind, metricList, parseNuggetMetric);
  const qrels = await readNuggetQrels(file);
  return { metrics: metrics.map((m) => m.id), score: (run) => evaluateNuggetRun(qrels, run, metrics) };
}

/**
 * TREC qrels (`qid iter docid rel`, rel an integer, trec_eval's relevance level) by query. A
 * document judged twice for one query is refused with both lines.
 */
export async function readGradedQrels(file: string): Promise<Map<string, GradedJudgments>> {
  const queries = new Map<string, Map<string, number>>();
  const lines = new Map<string, number>();
  await eachRow(file, parseQrelLine, (row, line) => {
    const rel = Number(row.value);
    if (!/^[+-]?\d+$/.test(row.value) || !Number.isSafeInteger(rel))
      throw inputError(
        describeLineError(file, { line, field: "rel", message: `expected an integer, got "${row.value}"` }),
      );
    const judgments = queries.get(row.queryId) ?? queries.set(row.queryId, new Map()).get(row.queryId)!;
    const key = `${row.queryId} ${row.docId}`;
    if (judgments.has(row.docId))
      throw repeated(file, line, `document "${row.docId}" of query "${row.queryId}"`, lines.get(key)!);
    judgments.set(row.docId, rel);
    lines.set(key, line);
  });
  return queries;
}

/**
 * Nugget qrels (`qid nugget_id docid rel`, rel > 0: the document supports the nugget) by query: the
 * documents supporting each nugget, and every nugget the file names for the query (supported or
 * not). A nugget belongs to the query on its line, matched exactly. A (query, nugget, document)
 * judged twice is refused with both lines.
 */
export async function readNuggetQrels(file: string): Promise<Map<string, QueryJudgments>> {
  const queries = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string> }>();
  const lines = new Map<string, number>();
  await eachRow(file, parseNuggetQrelLine, (row, line) => {
    const rel = Number(row.value);
    if (!Number.isFinite(rel))
      throw inputError(
        describeLineError(file, { line, field: "rel", message: `expected a number, got "${row.value}"` }),
      );
    const key = `${row.queryId}\u0000${row.nuggetId}\u0000${row.docId}`;
    const first = lines.get(key);
    if (first !== undefined)
      throw repeated(
        file,
        line,
        `document "${row.docId}" for nugget "${row.nuggetId}" of query "${row.queryId}"`,
        first,
      );
    lines.set(key, line);
    const q =
      queries.get(row.queryId) ??
      queries.set(row.queryId, { supports: new Map(), nuggets: new Set() }).get(row.queryId)!;
    q.nuggets.add(row.nuggetId);
    if (rel > 0) q.supports.set(row.docId, (q.supports.get(row.docId) ?? new Set()).add(row.nuggetId));
  });
  return queries;
}

/** One query of one run while it is read: its entries, and the line each came from (in step). */
type QueryEntries = { entries: RunEntry[]; lines: number[] };

/**
 * Scores the runs of TREC run files a file at a time: each file's runs (by tag, the 6th column; a
 * file may hold several) are read, scored with `score` and let go before the next file is read,
 * so memory holds one file's runs whatever their number. A document listed twice for one query of
 * one run is refused with both lines, as trec_eval and ndeval refuse it; a run tag in two files is
 * refused too (a run's lines come from one file). Every line is checked. Returns the scores by tag.
 */
export async function scoreRunFiles<T>(
  files: readonly string[],
  score: (tag: string, run: Run) => T,
): Promise<Map<string, T>> {
  const scores = new Map<string, T>();
  const fileOf = new Map<string, string>();
  for (const [i, file] of files.entries()) {
    for (const [tag, run] of await readRunFile(file)) {
      const other = fileOf.get(tag);
      if (other !== undefined)
        throw inputError(`run "${tag}" is in two files, ${other} and ${file}: give each run's lines in one file`);
      fileOf.set(tag, file);
      scores.set(tag, score(tag, run));
    }
    // the file's runs, let go: freed now rather than once the heap has grown several files' worth
    if (i < files.length - 1) collectGarbage();
  }
  return scores;
}

/** One TREC run file's runs by tag, then by query: every entry, each document once per query. */
async function readRunFile(file: string): Promise<Map<string, Run>> {
  const runs = new Map<string, Map<string, QueryEntries>>();
  // Run files list a run's documents query by query: the last (tag, query) is matched in place, without slicing the line.
  // `seen`: the documents of the (tag, query) being read, and their lines, to refuse a repeat at
  // once; only that query's (a file of a million lines makes no million-entry map): a query met
  // again after others gets its map back from its entries
  let last: { system: string; queryId: string; query: QueryEntries; seen: Map<string, number> } | null = null;
  const queryOf = (system: string, queryId: string) => {
    if (last === null || last.queryId !== queryId || last.system !== system) {
      const run = runs.get(system) ?? runs.set(system, new Map()).get(system)!;
      const query = run.get(queryId) ?? run.set(queryId, { entries: [], lines: [] }).get(queryId)!;
      const seen = new Map(query.entries.map((e, i) => [e.docId, query.lines[i]!]));
      last = { system, queryId, query, seen };
    }
    return last;
  };
  if (!fs.existsSync(file)) throw inputError(`no such file: ${file}`);
  const add = (current: NonNullable<typeof last>, docId: string, score: number, line: number) => {
    const first = current.seen.get(docId);
    if (first !== undefined)
      throw repeated(file, line, `document "${docId}" of query "${current.queryId}" in run "${current.system}"`, first);
    current.seen.set(docId, line);
    current.query.entries.push({ docId, score });
    current.query.lines.push(line);
  };
  const viaParser = (text: string, line: number) => {
    const parsed = parseRunLine(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(file, parsed.error));
    add(queryOf(parsed.row.system, parsed.row.queryId), parsed.row.docId, parsed.row.score, line);
  };
  // blocks of 64 KB: each document id is a slice of its block, which it keeps alive (1 MB blocks
  // made the peak 20 MB higher, at the same speed)
  await forEachLine(fs.createReadStream(file, { highWaterMark: 1 << 16 }), (text, line) => {
    // Fast path for the usual `qid Q0 docid rank score tag` with single spaces (runs are millions
    // of lines); anything else, including every malformed line, goes through the parser.
    const a = text.indexOf(" ");
    const b = text.indexOf(" ", a + 1);
    const c = text.indexOf(" ", b + 1);
    const d = text.indexOf(" ", c + 1);
    const e = text.indexOf(" ", d + 1);
    if (
      a < 1 ||
      b <= a + 1 ||
      c <= b + 1 ||
      d <= c + 1 ||
      e <= d + 1 ||
      e >= text.length - 1 ||
      text.indexOf(" ", e + 1) !== -1 ||
      text.includes("\t") ||
      text.includes("\r") ||
      !isDigits(text, c + 1, d)
    ) {
      viaParser(text, line);
      return;
    }
    const score = decimalAt(text, d + 1, e);
    if (!Number.isFinite(score)) {
      viaParser(text, line);
      return;
    }
    const current = last;
    const same =
      current !== null &&
      a === current.queryId.length &&
      text.length - e - 1 === current.system.length &&
      text.startsWith(current.queryId) &&
      text.endsWith(current.system);
    add(same ? current : queryOf(text.slice(e + 1), text.slice(0, a)), text.slice(b + 1, c), score, line);
  });
  return new Map(
    [...runs].map(([tag, queries]) => [tag, new Map([...queries].map(([q, query]) => [q, query.entries]))]),
  );
}

function isDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
