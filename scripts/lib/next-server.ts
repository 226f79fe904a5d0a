// The production server as the benchmarks and fault tests start it: Assay's server
// (scripts/serve.mjs, Next.js behind the server that sets each client's address) of a build
// folder on 127.0.0.1, its own NEXTAUTH_URL and secret, and a wait until /api/health answers.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";

export function startNextServer(o: {
  port: number;
  distDir: string;
  secret: string;
  /** Extra node flags (a CPU profile). */
  nodeArgs?: string[];
  /** More environment (DATABASE_URL, ASSAY_TRUSTED_PROXY_HOPS, ...). */
  env?: Record<string, string>;
  /** The host it listens on: 127.0.0.1 unless given ("0.0.0.0" takes 127.0.0.x from any source address). */
  host?: string;
  stdio?: StdioOptions;
}): { server: ChildProcess; base: string } {
  const base = `http://127.0.0.1:${o.port}`;
  const server = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), "scripts/serve.mjs", "-p", String(o.port), "-H", o.host ?? "127.0.0.1"],
    {
      env: {
        ...process.env,
        ASSAY_DIST_DIR: o.distDir,
        NEXTAUTH_URL: base,
        NEXTAUTH_SECRET: o.secret,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        ...o.env,
      },
      stdio: o.stdio ?? ["ignore", "ignore", "inherit"],
    },
  );
  return { server, base };
}

/** Resolves once the server answers /api/health; throws when it exits first or takes over a minute. */
export async function waitUntilUp(server: ChildProcess, base: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server at ${base} exited before it was up`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 600) throw new Error(`the server at ${base} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
