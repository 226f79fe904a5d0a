// Every report of a study on the database at `url`, as test/report-snapshot.ts writes it (a child
// process: a process serves one database), for tests that compare two databases.
import { spawnSync } from "node:child_process";
import { expect } from "vitest";

export function reportsOf(url: string, study: string): Record<string, unknown> {
  const r = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "test/report-snapshot.ts", study], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, DATABASE_URL: url },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}
