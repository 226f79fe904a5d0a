// FreshStack queries (with nuggets and the LLM's support judgments) and corpus, as JSONL.
import { jsonObject, objectField, optionalString, stringArray, stringField } from "./fields";
import { bad, ok, type Parsed, isFail } from "./parsed";
import type { DocumentRow, NuggetedQueryRow } from "./rows";
import { parseCorpusJsonlLine } from "./beir";

/**
 * `{query_id, query_title, query_text, answer_id, answer_text, nuggets: [{_id, text,
 * relevant_corpus_ids, non_relevant_corpus_ids}], metadata}`. A nugget id must be
 * "<query_id>_<n>" with exactly this query's id (FreshStack's own code matches by prefix, a bug).
 */
export function parseFreshStackQueryLine(text: string, line: number): Parsed<NuggetedQueryRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const id = stringField(obj, "query_id", line);
  if (isFail(id)) return id;
  const title = optionalString(obj, "query_title", line);
  if (isFail(title)) return title;
  const body = stringField(obj, "query_text", line);
  if (isFail(body)) return body;
  const answer = optionalString(obj, "answer_text", line);
  if (isFail(answer)) return answer;
  const metadata = objectField(obj, "metadata", line);
  if (isFail(metadata)) return metadata;
  const answerId = optionalString(obj, "answer_id", line);
  if (isFail(answerId)) return answerId;
  if (!Array.isArray(obj.nuggets))
    return bad(line, obj.nuggets === undefined ? "missing" : "expected an array", "nuggets");
  const nuggets: NuggetedQueryRow["nuggets"] = [];
  for (const [i, raw] of obj.nuggets.entries()) {
    const where = `nuggets[${i}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad(line, "expected an object", where);
    const n = raw as Record<string, unknown>;
    const nuggetId = stringField(n, "_id", line);
    if (isFail(nuggetId)) return bad(line, nuggetId.error.message, `${where}._id`);
    const separator = nuggetId.lastIndexOf("_");
    if (separator === -1 || nuggetId.slice(0, separator) !== id || !/^\d+$/.test(nuggetId.slice(separator + 1))) {
      return bad(line, `"${nuggetId}" is not "${id}_<n>"`, `${where}._id`);
    }
    const nuggetText = stringField(n, "text", line);
    if (isFail(nuggetText)) return bad(line, nuggetText.error.message, `${where}.text`);
    const supportedBy = stringArray(n, "relevant_corpus_ids", line, { optional: true });
    if (isFail(supportedBy)) return bad(line, supportedBy.error.message, `${where}.relevant_corpus_ids`);
    const notSupportedBy = stringArray(n, "non_relevant_corpus_ids", line, { optional: true });
    if (isFail(notSupportedBy)) return bad(line, notSupportedBy.error.message, `${where}.non_relevant_corpus_ids`);
    nuggets.push({ id: nuggetId, text: nuggetText, supportedBy, notSupportedBy });
  }
  const query = {
    kind: "query" as const,
    id,
    title: title ?? "",
    body,
    answer,
    metadata: answerId ? { ...metadata, answer_id: answerId } : metadata,
  };
  return ok({ kind: "nuggeted-query", query, nuggets });
}

/** `{_id, title, text, metadata: {url, start_byte, end_byte, commit_id}}`; ids are "<repo>/<path>_<start>_<end>". */
export function parseFreshStackCorpusLine(text: string, line: number): Parsed<DocumentRow> {
  const row = parseCorpusJsonlLine(text, line);
  if (row === null || isFail(row)) return row;
  return ok({ ...row.row, ...repoAndPath(row.row.id) });
}

/** "angular/adev/src/app.ts_0_368" -> repo "angular", path "adev/src/app.ts". */
export function repoAndPath(id: string): { repo?: string; path?: string } {
  const file = id.replace(/_\d+_\d+$/, "");
  const slash = file.indexOf("/");
  return slash === -1 ? { path: file } : { repo: file.slice(0, slash), path: file.slice(slash + 1) };
}
