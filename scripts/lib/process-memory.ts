// Memory and files of a process (Linux /proc), and a command timed to its end with its peak
// memory, for the benchmarks that measure what the server and the command line hold.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Writing 5 to clear_refs resets the process's peak resident memory (VmHWM). */
export function resetPeakMemory(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** The process's peak resident memory (VmHWM) in MB. */
export const peakMemoryMb = (pid: number): number => statusMb(pid, "VmHWM");

/** The process's resident memory now (VmRSS) in MB. */
export const residentMemoryMb = (pid: number): number => statusMb(pid, "VmRSS");

function statusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
}

/** How many files (descriptors: files, sockets, pipes) the process has open. */
export const openFiles = (pid: number): number => fs.readdirSync(`/proc/${pid}/fd`).length;

/**
 * Runs `node <args>` to its end, its output to this process's stderr: wall time, and its peak
 * memory (VmHWM) as the process reported it on exit (through a preload written into `scratch`).
 */
export async function timedNode(args: string[], scratch: string): Promise<{ ms: number; peakMb: number }> {
  const report = path.join(scratch, "peak-memory-kb");
  const preload = path.join(scratch, "report-peak-memory.cjs");
  fs.writeFileSync(
    preload,
    // VmHWM, not getrusage's maxRSS: that one starts from the parent's size
    `process.on("exit", () => { const fs = require("node:fs"); fs.writeFileSync(${JSON.stringify(report)}, /VmHWM:\\s+(\\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]); });`,
  );
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--require", preload, ...args], { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`node ${args.join(" ")} exited with ${code}`);
  return { ms, peakMb: Math.round(Number(fs.readFileSync(report, "utf8")) / 1024) };
}

/** Counts the newlines of a stream (a download's body, a file). */
export async function countLines(stream: AsyncIterable<Uint8Array | string>): Promise<number> {
  let n = 0;
  for await (const chunk of stream) {
    if (typeof chunk === "string") {
      for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) n++;
    } else {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    }
  }
  return n;
}
