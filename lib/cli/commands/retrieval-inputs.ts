import fs from "node:fs";
import {
  FRESHSTACK_METRICS,
  parseRetrievalMetric,
  TopDocuments,
  type QueryJudgments,
  type RetrievalMetric,
  type RunEntry,
} from "@/lib/domain/impact/retrieval-metrics";
import { describeLineError } from "@/lib/formats/parsed";
import { decimalAt } from "@/lib/formats/decimal";
import { forEachLine } from "@/lib/formats/read-lines";
import { parseNuggetQrelLine, parseRunLine } from "@/lib/formats/trec";
import { eachRow, inputError } from "./contract-input";

export const DEFAULT_METRICS = FRESHSTACK_METRICS.join(",");

/** The deepest rank a list of metrics reads (the largest k). */
export const depthOf = (metrics: readonly RetrievalMetric[]) => Math.max(...metrics.map((m) => m.k));

export function parseMetrics(list: string): RetrievalMetric[] {
  return list.split(",").map((id) => {
    const metric = parseRetrievalMetric(id.trim());
    if (!metric) throw inputError(`--metrics: "${id.trim()}" is not alpha-ndcg@K, coverage@K or recall@K`);
    return metric;
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
    if (!Number.isFinite(rel))
      throw inputError(
        describeLineError(file, { line, field: "rel", message: `expected a number, got "${row.value}"` }),
      );
    const q =
      queries.get(row.queryId) ??
      queries.set(row.queryId, { supports: new Map(), nuggets: new Set() }).get(row.queryId)!;
    q.nuggets.add(row.nuggetId);
    if (rel > 0) q.supports.set(row.docId, (q.supports.get(row.docId) ?? new Set()).add(row.nuggetId));
  });
  return queries;
}

/**
 * TREC run files by run tag (6th column; a file may hold several), then by query: the first `depth`
 * documents in rank order (TopDocuments), all that metrics at k <= depth read. Every line is checked.
 */
export async function readRuns(files: readonly string[], depth: number): Promise<Map<string, Map<string, RunEntry[]>>> {
  const runs = new Map<string, Map<string, TopDocuments>>();
  // Run files list a run's documents query by query: the last (tag, query) is matched in place, without slicing the line.
  let last: { system: string; queryId: string; top: TopDocuments } | null = null;
  const topOf = (system: string, queryId: string) => {
    if (last === null || last.queryId !== queryId || last.system !== system) {
      const run = runs.get(system) ?? runs.set(system, new Map()).get(system)!;
      last = { system, queryId, top: run.get(queryId) ?? run.set(queryId, new TopDocuments(depth)).get(queryId)! };
    }
    return last.top;
  };
  const viaParser = (file: string, text: string, line: number) => {
    const parsed = parseRunLine(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(file, parsed.error));
    topOf(parsed.row.system, parsed.row.queryId).offer(parsed.row.docId, parsed.row.score);
  };
  for (const file of files) {
    if (!fs.existsSync(file)) throw inputError(`no such file: ${file}`);
    await forEachLine(fs.createReadStream(file, { highWaterMark: 1 << 20 }), (text, line) => {
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
        viaParser(file, text, line);
        return;
      }
      const score = decimalAt(text, d + 1, e);
      if (!Number.isFinite(score)) {
        viaParser(file, text, line);
        return;
      }
      const current = last;
      const same =
        current !== null &&
        a === current.queryId.length &&
        text.length - e - 1 === current.system.length &&
        text.startsWith(current.queryId) &&
        text.endsWith(current.system);
      const top = same ? current.top : topOf(text.slice(e + 1), text.slice(0, a));
      if (top.admits(score)) top.offer(text.slice(b + 1, c), score);
    });
  }
  return new Map([...runs].map(([tag, queries]) => [tag, new Map([...queries].map(([q, top]) => [q, top.entries]))]));
}

function isDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
