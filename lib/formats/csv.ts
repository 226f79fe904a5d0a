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

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** What a spreadsheet takes for the start of a formula (or, for tab and carriage return, hides one behind). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether csvCell puts an apostrophe before a cell: a formula's start, or an apostrophe of its own. */
const escaped = (text: string) => (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) || text.startsWith("'");

/**
 * A cell as a spreadsheet will not run it (OWASP's rule against CSV injection): text that is not a
 * plain number and starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe
 * ("=1+1 evil" is written '=1+1 evil); a number such as -0.25 stays a number every reader reads.
 * Text that starts with an apostrophe gets one more, so reading a cell back is exact ("'=x" is
 * written ''=x and read as '=x).
 */
export function csvCell(text: string): string {
  return escaped(text) ? `'${text}` : text;
}

/** A cell as csvCell wrote it, read back: the apostrophe it added goes (and only that one). */
export function csvCellValue(text: string): string {
  return text.startsWith("'") && escaped(text.slice(1)) ? text.slice(1) : text;
}

/** One CSV line; every cell through csvCell, and those with a comma, quote or line break quoted. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields
    .map((f) => {
      const text = f === null || f === undefined ? "" : csvCell(String(f));
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",");
}

export const LABEL_CSV_COLUMNS = ["item", "judge", "label"] as const;

/**
 * A parser for CSV files whose first line is a header naming `columns` (in any order, among
 * others): each later line's fields by column name, trimmed and read back as csvCell wrote them
 * (csvCellValue), go to `row`. Blank lines are skipped;
 * a missing column, an unclosed quote or a line of another width is an error naming the line.
 */
export function headedCsvParser<C extends string, R>(
  columns: readonly C[],
  row: (fields: Record<C, string>, line: number) => Parsed<R>,
) {
  let index: Record<C, number> | null = null;
  let width = 0;
  const named = `${columns.slice(0, -1).join(", ")} and ${columns.at(-1)}`;
  return (text: string, line: number): Parsed<R> => {
    if (text.trim() === "") return null;
    const fields = splitCsvLine(text);
    if (!fields) return bad(line, "a quoted field is not closed on this line");
    if (!index) {
      const names = fields.map((f) => f.trim().toLowerCase());
      const missing = columns.filter((c) => !names.includes(c));
      if (missing.length) return bad(line, `the header must name the columns ${named} (missing ${missing.join(", ")})`);
      index = Object.fromEntries(columns.map((c) => [c, names.indexOf(c)])) as Record<C, number>;
      width = fields.length;
      return null;
    }
    if (fields.length !== width) return bad(line, `expected ${width} fields like the header, found ${fields.length}`);
    const at = index;
    return row(
      Object.fromEntries(columns.map((c) => [c, csvCellValue(fields[at[c]]!.trim())])) as Record<C, string>,
      line,
    );
  };
}

/** A parser for `item,judge,label` files: the first line is the header (columns in any order). */
export function labelsCsvParser() {
  return headedCsvParser(LABEL_CSV_COLUMNS, (f, line): Parsed<CsvLabelRow> => {
    for (const key of LABEL_CSV_COLUMNS) if (f[key] === "") return bad(line, "is empty", key);
    return ok({ kind: "csv-label", item: f.item, judge: f.judge, value: f.label });
  });
}

/** The target of a CSV label item: "<id>" or "<id>::<doc id>". */
export function splitCsvItem(item: string): { targetId: string; docId?: string } {
  const at = item.indexOf("::");
  return at === -1 ? { targetId: item } : { targetId: item.slice(0, at), docId: item.slice(at + 2) };
}
