// The command line on a database it cannot use: one line saying what is wrong and what to run, no stack trace.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import Database from "libsql";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "@/test/run-cli";

const assay = (databaseUrl: string, ...args: string[]) => runCli(args, { env: { DATABASE_URL: databaseUrl } });

describe("assay on a database it cannot use", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-unmigrated-"));

  it("says to run npm run db:deploy when the tables are missing", () => {
    const url = `file:${path.join(dir, "empty.db")}`;
    for (const args of [
      ["studies", "list"],
      ["import", "--study", "x", "--format", "trec-run", "/dev/null"],
    ]) {
      const r = assay(url, ...args);
      expect([r.status, r.stdout, r.stderr]).toEqual([
        1,
        "",
        `assay: the database at ${url} has no Assay tables: run \`npm run db:deploy\` (npm start does it for you)\n`,
      ]);
    }
  });

  it("says how many migrations a database that missed some lacks", () => {
    const file = path.join(dir, "behind.db");
    const url = `file:${file}`;
    const deployed = spawnSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(deployed.status, deployed.stderr).toBe(0);
    expect(assay(url, "studies", "list").status).toBe(0);
    // as if the newest migration had not been applied yet
    const shipped = fs.readdirSync("prisma/sqlite/migrations", { withFileTypes: true }).filter((e) => e.isDirectory());
    const db = new Database(file);
    db.prepare(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ?`).run(shipped.at(-1)!.name);
    db.close();
    const r = assay(url, "studies", "list");
    expect([r.status, r.stderr]).toEqual([
      1,
      `assay: the database at ${url} lacks 1 of this version's ${shipped.length} migrations: run \`npm run db:deploy\` (npm start does it for you)\n`,
    ]);
  });

  it("says to check DATABASE_URL when the database cannot be reached", () => {
    const r = assay("postgres://assay@127.0.0.1:1/none", "members", "list", "--study", "x");
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^assay: cannot reach the database at postgres:\/\/assay@127\.0\.0\.1:1\/none \(check DATABASE_URL\): /,
    );
  });
});
