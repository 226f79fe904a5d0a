import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";
import { databaseUrl, providerOf } from "./lib/server/db/database-url.mjs";

// The native schema-engine binary cannot be downloaded on offline machines. Unless a real binary
// is configured, the CLI runs the Wasm engine through scripts/prisma-schema-engine.mjs.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(
  new URL("./scripts/prisma-schema-engine.mjs", import.meta.url),
);

// DATABASE_URL picks the engine: file:... is SQLite, postgres:// is PostgreSQL. A Prisma schema
// cannot switch provider at runtime, so each engine has its own generated schema and migrations.
const url = databaseUrl();
const provider = providerOf(url);

export default defineConfig({
  schema: `prisma/${provider}/schema.prisma`,
  migrations: {
    path: `prisma/${provider}/migrations`,
    seed: "node --conditions=react-server --import tsx prisma/seed.ts",
  },
  datasource: { url },
});
