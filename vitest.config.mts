import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const serverOnlyStub = fileURLToPath(new URL("./test/stubs/server-only.ts", import.meta.url));
const shared = {
  resolve: { tsconfigPaths: true, alias: { "server-only": serverOnlyStub } },
};

// Three tiers: `unit` (pure and in-process, milliseconds, *.test.ts), `integration`
// (*.integration.test.ts: what only real processes, sockets and timeouts show: the bin, npm start,
// the command line's environment, an HTTP endpoint that stalls) and `db` (*.db.test.ts, against the
// real database named by DATABASE_URL; scripts/test.mjs runs it once on SQLite and once on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{lib,prisma,scripts,components}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.db.test.ts", "**/*.integration.test.ts", "node_modules/**"],
          environment: "node",
          // one module graph for all files (a test that changes process.env puts it back): a third
          // of the time an isolated start per file takes on two cores
          pool: "threads",
          isolate: false,
        },
      },
      {
        ...shared,
        // processes and sockets: seconds each on a busy 2-core machine
        test: {
          name: "integration",
          include: ["{lib,scripts,test}/**/*.integration.test.ts"],
          environment: "node",
          // a guard against a hang, not a measure (see the db tier's)
          testTimeout: 180_000,
        },
      },
      {
        ...shared,
        test: {
          name: "db",
          include: ["{lib,prisma,scripts}/**/*.db.test.ts"],
          // closes each file's database connections after its own teardown
          setupFiles: ["test/db-teardown.ts"],
          environment: "node",
          fileParallelism: false,
          // one module graph for all files, as in the unit tier (a file that changes process.env
          // puts it back; the setup file closes the connections, which the next file reopens):
          // a fresh import of Prisma and the server per file cost a fifth of the tier
          isolate: false,
          // a guard against a hang, not a measure: on a host twice as slow as usual, beside the other
          // engine and the e2e build, tests of 20-45 s alone took 45-70 s (a clean run of 2026-11-29
          // failed at 60 s), so a test has five times its usual time before it fails
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
