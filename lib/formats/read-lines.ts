import type { LineError } from "./parsed";

export type NumberedLine = { line: number; text: string };

export class EncodingError extends Error {
  constructor(readonly lineError: LineError) {
    super(lineError.message);
    this.name = "EncodingError";
  }
}

/** A line longer than the reader takes: reading stops there (the line is never held whole). */
export class LineTooLongError extends EncodingError {}

/**
 * Splits a stream of UTF-8 chunks into numbered lines (1-based), without holding more than one
 * line and one chunk in memory. Accepts \n and \r\n, drops a leading byte-order mark, and throws an
 * EncodingError naming the line when the bytes are not valid UTF-8, a LineTooLongError when a line
 * grows past `maxLineLength` characters (`tooLong` says why, for the error).
 */
export async function* readLines(
  chunks: AsyncIterable<Uint8Array | string>,
  { maxLineLength = Infinity, tooLong = "" }: { maxLineLength?: number; tooLong?: string } = {},
): AsyncGenerator<NumberedLine> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending = "";
  let line = 0;
  const tooLongAt = (at: number) =>
    new LineTooLongError({
      line: at,
      message: `the line is longer than ${maxLineLength.toLocaleString("en-US")} characters${tooLong ? `: ${tooLong}` : ""}`,
    });
  const decode = (bytes: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      // Find the line: lines already read, plus the newlines before the first undecodable byte.
      const lossy = new TextDecoder("utf-8").decode(bytes);
      const before = lossy.slice(0, Math.max(lossy.indexOf("\uFFFD"), 0));
      const at = line + 1 + countNewlines(pending) + countNewlines(before);
      throw new EncodingError({ line: at, message: "not valid UTF-8 text (save the file as UTF-8)" });
    }
  };
  for await (const chunk of chunks) {
    pending += typeof chunk === "string" ? chunk : decode(chunk, true);
    let start = 0;
    let newline = pending.indexOf("\n", start);
    while (newline !== -1) {
      line++;
      if (newline - start > maxLineLength) throw tooLongAt(line);
      yield {
        line,
        text: stripCarriageReturn(line === 1 ? stripBom(pending.slice(start, newline)) : pending.slice(start, newline)),
      };
      start = newline + 1;
      newline = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
    if (pending.length > maxLineLength) throw tooLongAt(line + 1);
  }
  pending += decode(new Uint8Array(), false);
  if (pending.length > 0) {
    line++;
    yield { line, text: stripCarriageReturn(line === 1 ? stripBom(pending) : pending) };
  }
}

/** The lines of an in-memory text (tests, previews). */
export function linesOf(text: string): AsyncGenerator<NumberedLine> {
  return readLines(
    (async function* () {
      yield text;
    })(),
  );
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
const stripCarriageReturn = (text: string) => (text.endsWith("\r") ? text.slice(0, -1) : text);
const countNewlines = (text: string) => text.split("\n").length - 1;

/**
 * Calls `onLine` for every numbered line, like readLines but without an await per line (about
 * twice as fast on a million short lines; used where speed is part of a contract).
 */
export async function forEachLine(
  chunks: AsyncIterable<Uint8Array | string>,
  onLine: (text: string, line: number) => void,
): Promise<number> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending = "";
  let line = 0;
  const decode = (bytes: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      const lossy = new TextDecoder("utf-8").decode(bytes);
      const before = lossy.slice(0, Math.max(lossy.indexOf("\uFFFD"), 0));
      throw new EncodingError({
        line: line + 1 + countNewlines(pending) + countNewlines(before),
        message: "not valid UTF-8 text (save the file as UTF-8)",
      });
    }
  };
  const emit = (text: string) => {
    line++;
    onLine(stripCarriageReturn(line === 1 ? stripBom(text) : text), line);
  };
  for await (const chunk of chunks) {
    pending += typeof chunk === "string" ? chunk : decode(chunk, true);
    let start = 0;
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      emit(pending.slice(start, newline));
      start = newline + 1;
      newline = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
  }
  pending += decode(new Uint8Array(), false);
  if (pending.length > 0) emit(pending);
  return line;
}
