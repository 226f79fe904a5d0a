// Pairwise responses, JSONL: {"request_id", "request", "responses": [{"system", "text",
// "citations": [{"marker", "doc_id", "text"?}]}, ...]} with two or more responses per request.
import { jsonObject, MAX_INTEGER, objectField, optionalString, stringField } from "./fields";
import { bad, ok, type Parsed, isFail } from "./parsed";
import type { PairwiseRow } from "./rows";

export function parsePairwiseLine(text: string, line: number): Parsed<PairwiseRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const id = stringField(obj, "request_id", line);
  if (isFail(id)) return id;
  const body = stringField(obj, "request", line);
  if (isFail(body)) return body;
  const metadata = objectField(obj, "metadata", line);
  if (isFail(metadata)) return metadata;
  if (!Array.isArray(obj.responses) || obj.responses.length < 2)
    return bad(line, "expected an array of at least two responses", "responses");
  const responses: PairwiseRow["responses"] = [];
  for (const [i, raw] of obj.responses.entries()) {
    const where = `responses[${i}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad(line, "expected an object", where);
    const r = raw as Record<string, unknown>;
    const system = stringField(r, "system", line);
    if (isFail(system)) return bad(line, system.error.message, `${where}.system`);
    if (responses.some((o) => o.system === system))
      return bad(line, `system "${system}" answers twice`, `${where}.system`);
    const answer = stringField(r, "text", line);
    if (isFail(answer)) return bad(line, answer.error.message, `${where}.text`);
    const citations: PairwiseRow["responses"][number]["citations"] = [];
    const rawCitations = r.citations ?? [];
    if (!Array.isArray(rawCitations)) return bad(line, "expected an array", `${where}.citations`);
    for (const [j, rawCitation] of rawCitations.entries()) {
      const at = `${where}.citations[${j}]`;
      if (typeof rawCitation !== "object" || rawCitation === null) return bad(line, "expected an object", at);
      const c = rawCitation as Record<string, unknown>;
      if (typeof c.marker !== "number" || !Number.isInteger(c.marker) || c.marker < 1 || c.marker > MAX_INTEGER)
        return bad(line, `expected a positive integer of at most ${MAX_INTEGER}`, `${at}.marker`);
      if (citations.some((o) => o.marker === c.marker))
        return bad(line, `marker ${c.marker} is used twice`, `${at}.marker`);
      const docId = stringField(c, "doc_id", line);
      if (isFail(docId)) return bad(line, docId.error.message, `${at}.doc_id`);
      const passage = optionalString(c, "text", line);
      if (isFail(passage)) return bad(line, passage.error.message, `${at}.text`);
      citations.push({ marker: c.marker, docId, ...(passage === undefined ? {} : { text: passage }) });
    }
    responses.push({ system, text: answer, citations });
  }
  return ok({ kind: "pairwise", query: { kind: "query", id, title: "", body, metadata }, responses });
}
