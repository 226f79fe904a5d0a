// Runs the command line as a user does, through its bin (scripts/assay.mjs: the bundle, rebuilt
// first when a source is newer), as a real process (runCli, runCliAsync, spawnCli); from its
// sources with the TypeScript loader (runCliFromSources, which the bin's own test compares it
// with); or in this process (runCliInProcess): status, stdout and stderr.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { Readable, Writable } from "node:stream";
import type { CliIo } from "@/lib/cli/io";
import { runAssay } from "@/lib/cli/run-assay";

/** A stream that keeps what is written to it, as text. */
function memoryStream(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

/**
 * Runs the command line in this process, on memory streams: the same status, stdout and stderr as
 * the process `runCli` starts, in milliseconds (the unit tier's way; runCli is for what only a
 * process shows: its environment, signals, the bin).
 */
export async function runCliInProcess(
  args: readonly string[],
  options: { input?: string } = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout = memoryStream();
  const stderr = memoryStream();
  const io: CliIo = { stdout: stdout.stream, stderr: stderr.stream, stdin: Readable.from([options.input ?? ""]) };
  const status = await runAssay([...args], io);
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

const BIN = ["scripts/assay.mjs"];
const SOURCES = ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts"];

function spawnNode(
  program: readonly string[],
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string },
) {
  const r = spawnSync("node", [...program, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    input: options.input,
    env: { ...process.env, ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The bin as a process (the bundle starts in a fraction of the loader's time). */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) {
  return spawnNode(BIN, args, options);
}

/** The sources as a process, through the TypeScript loader: what the bundle must equal. */
export function runCliFromSources(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
) {
  return spawnNode(SOURCES, args, options);
}

/** The bin as a child process the caller drives (its signals, its output as it comes). */
export function spawnCli(args: readonly string[], options: { env?: Record<string, string> } = {}) {
  return spawn("node", [...BIN, ...args], {
    env: { ...process.env, ...options.env },
  }) as ChildProcessWithoutNullStreams;
}

/**
 * The same without blocking this process: for a command that calls a server the test itself runs
 * (the test server of judge runs), which spawnSync would starve.
 */
export function runCliAsync(
  args: readonly string[],
  options: { env?: Record<string, string> } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
