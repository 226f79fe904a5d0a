import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";
import { databaseUrl, providerOf, sqliteFileOf } from "./lib/server/db/database-url.mjs";
import { secureSqliteFile } from "./lib/server/db/sqlite-file.mjs";

// The native schema-engine binary cannot be downloaded on offline machines. Unless a real binary
// is configured, the CLI runs the Wasm engine through scripts/prisma-schema-engine.mjs.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(
  new URL("./scripts/prisma-schema-engine.mjs", import.meta.url),
);

// DATABASE_URL picks the engine: file:... is SQLite, postgres:// is PostgreSQL. A Prisma schema
// cannot switch provider at runtime, so each engine has its own generated schema and migrations.
const url = databaseUrl();
const provider = providerOf(url);
// a command that opens the database (migrate, db) finds its file made its owner's alone, created 0600 if missing
if (provider === "sqlite" && process.argv.some((a) => a === "migrate" || a === "db"))
  secureSqliteFile(sqliteFileOf(url));

export default defineConfig({
  schema: `prisma/${provider}/schema.prisma`,
  migrations: {
    path: `prisma/${provider}/migrations`,
    seed: "node --conditions=react-server --import tsx prisma/seed.ts",
  },
  datasource: { url },
});
