// CSV (RFC 4180 quoting, one record per line) and the labels CSV `item,judge,label`.
import { bad, ok, type Parsed } from "./parsed";
import type { CsvLabelRow } from "./rows";

/** The fields of one CSV line, or null when a quoted field is not closed on the line. */
export function splitCsvLine(text: string): string[] | null {
  if (!text.includes('"')) return text.split(",");
  const fields: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") {
      quoted = true;
    } else if (ch === ",") {
      fields.push(field);
      field = "";
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** One CSV line; fields with a comma, quote or line break are quoted. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields
    .map((f) => {
      const text = f === null || f === undefined ? "" : String(f);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",");
}

export const LABEL_CSV_COLUMNS = ["item", "judge", "label"] as const;

/** A parser for `item,judge,label` files: the first line is the header (columns in any order). */
export function labelsCsvParser() {
  let index: Record<(typeof LABEL_CSV_COLUMNS)[number], number> | null = null;
  let width = 0;
  return (text: string, line: number): Parsed<CsvLabelRow> => {
    if (text.trim() === "") return null;
    const fields = splitCsvLine(text);
    if (!fields) return bad(line, "a quoted field is not closed on this line");
    if (!index) {
      const names = fields.map((f) => f.trim().toLowerCase());
      const missing = LABEL_CSV_COLUMNS.filter((c) => !names.includes(c));
      if (missing.length)
        return bad(line, `the header must name the columns item, judge and label (missing ${missing.join(", ")})`);
      index = { item: names.indexOf("item"), judge: names.indexOf("judge"), label: names.indexOf("label") };
      width = fields.length;
      return null;
    }
    if (fields.length !== width) return bad(line, `expected ${width} fields like the header, found ${fields.length}`);
    const row = {
      item: fields[index.item]!.trim(),
      judge: fields[index.judge]!.trim(),
      value: fields[index.label]!.trim(),
    };
    for (const [key, value] of [
      ["item", row.item],
      ["judge", row.judge],
      ["label", row.value],
    ] as const) {
      if (value === "") return bad(line, "is empty", key);
    }
    return ok({ kind: "csv-label", ...row });
  };
}

/** The target of a CSV label item: "<id>" or "<id>::<doc id>". */
export function splitCsvItem(item: string): { targetId: string; docId?: string } {
  const at = item.indexOf("::");
  return at === -1 ? { targetId: item } : { targetId: item.slice(0, at), docId: item.slice(at + 2) };
}
