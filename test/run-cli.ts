// Runs the command line from its sources (the TypeScript loader, as `npm run assay` ran it before
// the bundle), as a real process: status, stdout and stderr.
import { spawnSync } from "node:child_process";

export function runCli(args: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const r = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    input: options.input,
    env: { ...process.env, ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
