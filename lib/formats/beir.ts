// BEIR and NovelEval corpora and queries, as TSV (`id TAB text`) or JSONL ({_id, title, text, metadata}).
import { jsonObject, objectField, optionalString, stringField } from "./fields";
import { bad, ok, type Parsed, isFail } from "./parsed";
import type { DocumentRow, QueryRow } from "./rows";

/** Splits on the FIRST tab only: corpus texts may contain tabs. */
function splitIdAndText(
  text: string,
  line: number,
): [string, string] | { error: { line: number; field?: string; message: string } } {
  const tab = text.indexOf("\t");
  if (tab === -1) return bad(line, "expected an id, a tab, then the text");
  const id = text.slice(0, tab).trim();
  if (id === "") return bad(line, "is empty", "id");
  return [id, text.slice(tab + 1)];
}

/**
 * A TSV text field as Python's `csv.reader(f, delimiter="\t")` reads it, which is how BEIR's and
 * NovelEval's own code reads their files: a field that begins with a double quote is quoted (a
 * doubled quote inside stands for one, the next single quote closes it, and what follows the
 * closing quote is kept as it is); any other field is taken literally, tabs included. A quoted
 * field must close on its line (these files hold one record per line).
 */
function unquoteTsvField(field: string, line: number, name: string): string | ReturnType<typeof bad> {
  if (!field.startsWith('"')) return field;
  let out = "";
  for (let i = 1; i < field.length; i++) {
    const c = field[i]!;
    if (c !== '"') {
      out += c;
      continue;
    }
    if (field[i + 1] === '"') {
      out += '"';
      i++;
      continue;
    }
    return out + field.slice(i + 1);
  }
  return bad(
    line,
    "begins with a double quote but never closes it (inside a quoted text, a quote is written twice)",
    name,
  );
}

/** An `id TAB text` line: the id, and the text read as a TSV field (unquoted when quoted). */
function idAndText(text: string, line: number): [string, string] | ReturnType<typeof bad> {
  const parts = splitIdAndText(text, line);
  if (isFail(parts)) return parts;
  const body = unquoteTsvField(parts[1], line, "text");
  return typeof body === "string" ? [parts[0], body] : body;
}

export function parseCorpusTsvLine(text: string, line: number): Parsed<DocumentRow> {
  if (text.trim() === "") return null;
  const parts = idAndText(text, line);
  if (isFail(parts)) return parts;
  return ok({ kind: "document", id: parts[0], title: "", text: parts[1], metadata: {} });
}

export function parseQueriesTsvLine(text: string, line: number): Parsed<QueryRow> {
  if (text.trim() === "") return null;
  const parts = idAndText(text, line);
  if (isFail(parts)) return parts;
  return ok({ kind: "query", id: parts[0], title: "", body: parts[1], metadata: {} });
}

export function parseCorpusJsonlLine(text: string, line: number): Parsed<DocumentRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const id = stringField(obj, "_id", line);
  if (isFail(id)) return id;
  const body = stringField(obj, "text", line, { allowEmpty: true });
  if (isFail(body)) return body;
  const title = optionalString(obj, "title", line);
  if (isFail(title)) return title;
  const metadata = objectField(obj, "metadata", line);
  if (isFail(metadata)) return metadata;
  return ok({ kind: "document", id, title: title ?? "", text: body, metadata });
}

export function parseQueriesJsonlLine(text: string, line: number): Parsed<QueryRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const id = stringField(obj, "_id", line);
  if (isFail(id)) return id;
  const body = stringField(obj, "text", line);
  if (isFail(body)) return body;
  const title = optionalString(obj, "title", line);
  if (isFail(title)) return title;
  const metadata = objectField(obj, "metadata", line);
  if (isFail(metadata)) return metadata;
  return ok({ kind: "query", id, title: title ?? "", body, metadata });
}
