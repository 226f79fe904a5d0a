import "server-only";
import { prepareValue } from "pg/lib/utils";

/**
 * One row in COPY's text format: values separated by tabs, NULL as \N, and backslash, newline,
 * carriage return and tab escaped. Each value is first turned into text by node-postgres's own
 * prepareValue, so a row stores exactly what the same row sent as query parameters would.
 */
export function copyTextLine(values: readonly unknown[]): string {
  let line = "";
  for (const [i, value] of values.entries()) {
    if (i > 0) line += "\t";
    const text = prepareValue(value);
    line += text === null ? "\\N" : escapeCopyText(String(text));
  }
  return line + "\n";
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const escapeCopyText = (text: string): string =>
  SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text;
