import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";

/**
 * A file a command writes with `--out`: written aside (a hidden file beside it) and moved into
 * place only once complete, so a command that fails half-way leaves nothing new (or the file that
 * was there before), never a truncated file that looks whole.
 */
export type OutFile = {
  stream: fs.WriteStream;
  /** Finishes the file and moves it into place. */
  commit(): Promise<void>;
  /** Throws the partial file away. */
  abort(): Promise<void>;
};

export function openOutFile(file: string, options: { highWaterMark?: number } = {}): OutFile {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const stream = fs.createWriteStream(aside, { flags: "w", ...options });
  return {
    stream,
    async commit() {
      stream.end();
      await once(stream, "finish");
      fs.renameSync(aside, file);
    },
    async abort() {
      const closed = stream.closed ? Promise.resolve() : once(stream, "close").then(() => undefined);
      stream.destroy();
      await closed.catch(() => undefined);
      fs.rmSync(aside, { force: true });
    },
  };
}

/** Runs `write` on `--out FILE` (moved into place once whole) or on standard output. */
export async function writeOut(
  file: string | undefined,
  stdout: NodeJS.WritableStream,
  write: (out: NodeJS.WritableStream) => Promise<void>,
  options: { highWaterMark?: number } = {},
): Promise<void> {
  if (file === undefined) return write(stdout);
  const out = openOutFile(file, options);
  try {
    await write(out.stream);
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
}
