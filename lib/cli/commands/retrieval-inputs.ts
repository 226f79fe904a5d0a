import fs from "node:fs";
import type { QueryJudgments } from "@/lib/domain/impact/retrieval-metrics";
import { parseRetrievalMetric, type RetrievalMetric } from "@/lib/domain/impact/retrieval-metrics";
import { describeLineError, type Parsed } from "@/lib/formats/parsed";
import { forEachLine } from "@/lib/formats/read-lines";
import { parseNuggetQrelLine, parseRunLine } from "@/lib/formats/trec";
import { UsageError } from "../usage-error";

/** The contracts' errors: one line, exit code 2. */
export const inputError = (message: string) => new UsageError(message, 2);

export const DEFAULT_METRICS = "alpha-ndcg@10,coverage@20,recall@50";

export function parseMetrics(list: string): RetrievalMetric[] {
  return list.split(",").map((id) => {
    const metric = parseRetrievalMetric(id.trim());
    if (!metric) throw inputError(`--metrics: "${id.trim()}" is not alpha-ndcg@K, coverage@K or recall@K`);
    return metric;
  });
}

async function eachRow<T>(file: string, parse: (text: string, line: number) => Parsed<T>, onRow: (row: T, line: number) => void): Promise<void> {
  if (!fs.existsSync(file)) throw inputError(`no such file: ${file}`);
  await forEachLine(fs.createReadStream(file, { highWaterMark: 1 << 20 }), (text, line) => {
    const parsed = parse(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(file, parsed.error));
    onRow(parsed.row, line);
  });
}

/**
 * Nugget qrels (`qid nugget_id docid rel`, rel > 0: the document supports the nugget) by query: the
 * documents supporting each nugget, and every nugget the file names for the query (supported or not).
 * A nugget belongs to the query on its line, matched exactly.
 */
export async function readNuggetQrels(file: string): Promise<Map<string, QueryJudgments>> {
  const queries = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string> }>();
  await eachRow(file, parseNuggetQrelLine, (row, line) => {
    const rel = Number(row.value);
    if (!Number.isFinite(rel)) throw inputError(describeLineError(file, { line, field: "rel", message: `expected a number, got "${row.value}"` }));
    const q = queries.get(row.queryId) ?? queries.set(row.queryId, { supports: new Map(), nuggets: new Set() }).get(row.queryId)!;
    q.nuggets.add(row.nuggetId);
    if (rel > 0) q.supports.set(row.docId, (q.supports.get(row.docId) ?? new Set()).add(row.nuggetId));
  });
  return queries;
}

/** TREC run files by run tag (6th column; a file may hold several), then by query. */
export async function readRuns(files: readonly string[]): Promise<Map<string, Map<string, { docId: string; score: number }[]>>> {
  const runs = new Map<string, Map<string, { docId: string; score: number }[]>>();
  for (const file of files) {
    await eachRow(file, parseRunLine, (row) => {
      const run = runs.get(row.system) ?? runs.set(row.system, new Map()).get(row.system)!;
      const entries = run.get(row.queryId) ?? run.set(row.queryId, []).get(row.queryId)!;
      entries.push({ docId: row.docId, score: row.score });
    });
  }
  return runs;
}
