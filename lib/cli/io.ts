/**
 * Where a command reads and writes: the process's own streams when `assay` runs (main.ts), memory
 * when a test runs a command in-process (test/run-cli.ts). A command never touches `process.stdout`,
 * `console` or `process.exitCode` itself, so the same code answers both.
 */
export type CliIo = {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Set by a command that ends with its own code (judge run: 130, 143, 1; endpoints check: 1). */
  exitCode?: number;
};

/** One line on standard output. */
export const printLine = (io: CliIo, text: string): void => void io.stdout.write(`${text}\n`);

/** One line on standard error. */
export const printError = (io: CliIo, text: string): void => void io.stderr.write(`${text}\n`);

/** The process's own streams. */
export const processIo = (): CliIo => ({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
