import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const serverOnlyStub = fileURLToPath(new URL("./test/stubs/server-only.ts", import.meta.url));
const shared = {
  resolve: { tsconfigPaths: true, alias: { "server-only": serverOnlyStub } },
};

// Two tiers: `unit` (pure, milliseconds, *.test.ts) and `db` (*.db.test.ts, against the real
// database named by DATABASE_URL; scripts/test.mjs runs it once on SQLite and once on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        // the CLI's tests start `npm run assay` processes: seconds each on a busy 2-core machine
        test: {
          name: "unit",
          include: ["{lib,prisma,scripts,components}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        ...shared,
        test: {
          name: "db",
          include: ["{lib,prisma,scripts}/**/*.db.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
