import fs from "node:fs";
import { readLines } from "@/lib/formats/read-lines";
import type { LineError } from "@/lib/formats/parsed";

/** Parses every line of a file on disk with a line parser, as the importer does. */
export async function parseFile<T>(
  file: string,
  parse: (text: string, line: number) => { row: T } | { error: LineError } | null,
) {
  const rows: T[] = [];
  const errors: LineError[] = [];
  for await (const { line, text } of readLines(fs.createReadStream(file))) {
    const result = parse(text, line);
    if (!result) continue;
    if ("error" in result) errors.push(result.error);
    else rows.push(result.row);
  }
  return { rows, errors };
}

export const SHARED_DATA = new URL("../../shared/data/", import.meta.url).pathname;
