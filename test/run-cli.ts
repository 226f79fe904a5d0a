// Runs the command line from its sources (the TypeScript loader, as `npm run assay` ran it before
// the bundle), as a real process: status, stdout and stderr.
import { spawn, spawnSync } from "node:child_process";

export function runCli(args: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const r = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    input: options.input,
    env: { ...process.env, ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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
    const child = spawn("node", ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args], {
      env: { ...process.env, ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
