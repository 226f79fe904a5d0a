// CPU time of a process and its descendants (Linux /proc), for benchmarks that measure what a
// server itself costs. utime + stime in clock ticks (USER_HZ, 100 on Linux) as milliseconds.
import fs from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on every Linux this project runs on

/** CPU time in user space (JavaScript, drivers) and in the kernel (system calls: sockets, fsync). */
export type CpuMs = { userMs: number; systemMs: number };

function ownCpuMs(pid: number): CpuMs {
  try {
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { userMs: Number(fields[11]) * TICK_MS, systemMs: Number(fields[12]) * TICK_MS }; // utime, stime (fields 14 and 15)
  } catch {
    return { userMs: 0, systemMs: 0 }; // gone
  }
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim().split(" "))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Milliseconds of CPU the process and every live descendant have used so far; null off Linux. */
export function processTreeCpuMs(pid: number): CpuMs | null {
  if (!fs.existsSync(`/proc/${pid}/stat`)) return null;
  const total = ownCpuMs(pid);
  for (const child of childrenOf(pid)) {
    const used = processTreeCpuMs(child);
    total.userMs += used?.userMs ?? 0;
    total.systemMs += used?.systemMs ?? 0;
  }
  return total;
}
