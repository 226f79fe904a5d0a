// TREC qrels, nugget qrels and run files: whitespace-separated columns.
import { columns, finiteNumber, integer } from "./fields";
import { binarize, levelIndex, type Scale } from "@/lib/domain/scales";
import { bad, ok, type Parsed, isFail } from "./parsed";
import type { NuggetQrelRow, QrelRow, RunRow } from "./rows";

/** `qid iter docid rel`; the iteration column (0 or Q0) is ignored, as trec_eval does. */
export function parseQrelLine(text: string, line: number): Parsed<QrelRow> {
  if (text.trim() === "") return null;
  const cols = columns(text, line, 4, "qid 0 docid rel");
  if (isFail(cols)) return cols;
  const [queryId, , docId, value] = cols as [string, string, string, string];
  return ok({ kind: "qrel", queryId, docId, value });
}

/** `qid nugget_id docid rel`: rel > 0 means the document supports the nugget. */
export function parseNuggetQrelLine(text: string, line: number): Parsed<NuggetQrelRow> {
  if (text.trim() === "") return null;
  const cols = columns(text, line, 4, "qid nugget_id docid rel");
  if (isFail(cols)) return cols;
  const [queryId, nuggetId, docId, value] = cols as [string, string, string, string];
  return ok({ kind: "nugget-qrel", queryId, nuggetId, docId, value });
}

/**
 * `qid Q0 docid rank score tag`. Document ids may contain spaces (FreshStack), so the last three
 * fields are rank, score and tag, and everything between the second field and them is the id.
 */
export function parseRunLine(text: string, line: number): Parsed<RunRow> {
  if (text.trim() === "") return null;
  const parts = text.trim().split(/\s+/);
  if (parts.length < 6) return bad(line, `expected 6 columns (qid Q0 docid rank score tag), found ${parts.length}`);
  const [queryId] = parts as [string];
  const docId = parts.slice(2, -3).join(" ");
  const [rankText, scoreText, system] = parts.slice(-3) as [string, string, string];
  const rank = integer(rankText, line, "rank", { min: 0 });
  if (isFail(rank)) return rank;
  const score = finiteNumber(scoreText, line, "score");
  if (isFail(score)) return score;
  return ok({ kind: "run", system, queryId, docId, rank, score });
}

export function qrelLine(queryId: string, docId: string, rel: string | number): string {
  return `${queryId} 0 ${docId} ${rel}`;
}

export function nuggetQrelLine(queryId: string, nuggetId: string, docId: string, rel: string | number): string {
  return `${queryId} ${nuggetId} ${docId} ${rel}`;
}

/** The rel column of a qrels line: the level's number (its value when numeric, else its position in the scale), or 0 / 1 binarized. */
export function qrelRel(scale: Scale, value: string, binarized: boolean): string {
  if (binarized) return binarize(scale, value) ? "1" : "0";
  return scale.levels.every((l) => /^\d+$/.test(l.value)) ? value : String(levelIndex(scale, value));
}
