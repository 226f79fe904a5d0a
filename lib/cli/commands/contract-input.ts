import fs from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { describeLineError, type Parsed } from "@/lib/formats/parsed";
import { forEachLine } from "@/lib/formats/read-lines";
import { UsageError } from "../usage-error";

/** The stable commands' errors (agreement, evaluate, compare-rankings, graded-precision): one line, exit code 2. */
export const inputError = (message: string) => new UsageError(message, 2);

/** A line repeating what an earlier line gave: "<file> line N[, field F]: <what> is listed twice (first on line M)". */
export function repeated(file: string, line: number, what: string, first: number, field?: string): UsageError {
  const message = `${what} is listed twice (first on line ${first})`;
  return inputError(describeLineError(file, field === undefined ? { line, message } : { line, field, message }));
}

/** node:util's parseArgs in strict mode, its complaints turned into input errors. */
export function parseContractArgs<O extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: O) {
  try {
    return parseArgs({ args, strict: true, options }).values;
  } catch (error) {
    throw inputError(error instanceof Error ? error.message : String(error));
  }
}

/** Every row of a file through a line parser; a missing file or a bad line is an input error naming it. */
export async function eachRow<T>(
  file: string,
  parse: (text: string, line: number) => Parsed<T>,
  onRow: (row: T, line: number) => void,
): Promise<void> {
  if (!fs.existsSync(file)) throw inputError(`no such file: ${file}`);
  await forEachLine(fs.createReadStream(file, { highWaterMark: 1 << 20 }), (text, line) => {
    const parsed = parse(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(file, parsed.error));
    onRow(parsed.row, line);
  });
}
