// The offline schema-engine bridge (scripts/prisma-schema-engine.mjs): one test per upstream
// defect it works around, each run through the ordinary Prisma CLI on a scratch database.
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { adminQuery, engineUnderTest, prismaCli, scratchDatabase, type Scratch } from "@/test/db-tier";

const migrations = `prisma/${engineUnderTest}/migrations`;
const schema = `prisma/${engineUnderTest}/schema.prisma`;
let scratch: Scratch | undefined;

afterEach(async () => {
  await scratch?.drop();
  scratch = undefined;
});

async function tablesOf(url: string): Promise<string[]> {
  if (engineUnderTest === "postgres") {
    const rows = await adminQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1", url);
    return rows.map((r) => String(r.tablename));
  }
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url });
  const result = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1");
  client.close();
  return result.rows.map((r) => String(r.name));
}

describe(`schema-engine bridge on ${engineUnderTest}`, () => {
  it("applies every migration to an empty database and reports it up to date", async () => {
    scratch = await scratchDatabase();
    // SQLite: the history table is created before the engine reads it (defect 3).
    expect(prismaCli(["migrate", "status"], scratch.url).output).toMatch(/not yet been applied|following migration/i);
    const deploy = prismaCli(["migrate", "deploy"], scratch.url);
    expect(deploy.status, deploy.output).toBe(0);
    // Defect 1: every statement of a multi-statement migration ran, not only the first.
    expect(await tablesOf(scratch.url)).toEqual(
      expect.arrayContaining(["User", "Study", "Label", "Annotation", "Citation"]),
    );
    expect(prismaCli(["migrate", "status"], scratch.url).output).toMatch(/up to date/i);
  });

  it("runs a multi-statement script through db execute (defect 1)", async () => {
    scratch = await scratchDatabase();
    const script = 'CREATE TABLE "first" (id INTEGER PRIMARY KEY);\nCREATE TABLE "second" (id INTEGER PRIMARY KEY);';
    const result = prismaCli(["db", "execute", "--stdin"], scratch.url, script);
    expect(result.status, result.output).toBe(0);
    expect(await tablesOf(scratch.url)).toEqual(expect.arrayContaining(["first", "second"]));
  });

  it("finds no drift between the migrations and the schema, replayed in a shadow database (defects 2, 5, 6)", async () => {
    scratch = await scratchDatabase();
    // A sentinel in the main database: replaying migrations must never touch it (defect 6).
    prismaCli(["db", "execute", "--stdin"], scratch.url, 'CREATE TABLE "sentinel" (id INTEGER PRIMARY KEY);');
    const diff = prismaCli(
      ["migrate", "diff", "--from-migrations", migrations, "--to-schema", schema, "--exit-code"],
      scratch.url,
    );
    expect(diff.status, diff.output).toBe(0);
    expect(diff.output).toMatch(/No difference detected/);
    expect(await tablesOf(scratch.url)).toEqual(["sentinel"]);
    if (engineUnderTest === "postgres") {
      const leftovers = await adminQuery(
        "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'",
      );
      expect(leftovers).toEqual([]);
    }
  });

  it("detects drift when the schema has a model the migrations lack", async () => {
    scratch = await scratchDatabase();
    const drifted = `${schema}.drift-test.prisma`;
    fs.writeFileSync(drifted, `${fs.readFileSync(schema, "utf8")}\nmodel DriftProbe {\n  id Int @id\n}\n`);
    try {
      const diff = prismaCli(
        ["migrate", "diff", "--from-migrations", migrations, "--to-schema", drifted, "--exit-code"],
        scratch.url,
      );
      expect(diff.status).toBe(2);
      expect(diff.output).toMatch(/DriftProbe/);
    } finally {
      fs.rmSync(drifted, { force: true });
    }
  });

  it("introspects a migrated database without type errors (defect 5 on PostgreSQL)", async () => {
    scratch = await scratchDatabase();
    expect(prismaCli(["migrate", "deploy"], scratch.url).status).toBe(0);
    const diff = prismaCli(
      ["migrate", "diff", "--from-config-datasource", "--to-schema", schema, "--exit-code"],
      scratch.url,
    );
    expect(diff.status, diff.output).toBe(0);
  });

  it("drops the whole schema on migrate reset (defect 4 on SQLite)", async () => {
    scratch = await scratchDatabase();
    expect(prismaCli(["migrate", "deploy"], scratch.url).status).toBe(0);
    prismaCli(["db", "execute", "--stdin"], scratch.url, 'CREATE TABLE "stray" (id INTEGER PRIMARY KEY);');
    const reset = prismaCli(["migrate", "reset", "--force"], scratch.url);
    expect(reset.status, reset.output).toBe(0);
    const tables = await tablesOf(scratch.url);
    expect(tables).not.toContain("stray");
    expect(tables).toEqual(expect.arrayContaining(["User", "Label"]));
  });
});
