/** A problem with one line of an input file. `line` is 1-based; `field` names the column or key. */
export type LineError = { line: number; field?: string; message: string };

/** What a format's line parser returns: a row, an error, or null for a line to skip (blank). */
export type Parsed<T> = { row: T } | { error: LineError } | null;

export const ok = <T>(row: T): Parsed<T> => ({ row });
/** The refusals `bad` made: only they are failures (a line's own JSON may hold a key named "error"). */
const refusals = new WeakSet<object>();

export const bad = (line: number, message: string, field?: string): { error: LineError } => {
  const refusal = { error: field === undefined ? { line, message } : { line, field, message } };
  refusals.add(refusal);
  return refusal;
};

/** Whether a value is a refusal made by `bad` (and not a parsed value that happens to have an "error" key). */
export const isFail = (value: unknown): value is { error: LineError } =>
  typeof value === "object" && value !== null && refusals.has(value);

/** Formats a line error for people: "file.tsv line 12, field rel: not a level of the scale". */
export function describeLineError(file: string, e: LineError): string {
  return `${file} line ${e.line}${e.field ? `, field ${e.field}` : ""}: ${e.message}`;
}
