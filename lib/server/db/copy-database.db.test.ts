// `assay db copy` across engines: the demo instance (seeded as `npm start` seeds it) on the engine
// under test, copied into an empty database of the other engine (or of this one when no PostgreSQL
// is reachable), then signed in to and exported from, as a team moving off SQLite would.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiKey, sealApiKey } from "@/lib/server/judging/api-key-seal";
import { verifyPassword } from "@/lib/server/users/password";
import { otherEngineDatabase, prismaCli, scratchDatabase, type Scratch } from "@/test/db-tier";
import { PRISMA_MODELS } from "@/test/prisma-models";
import { reportsOf } from "@/test/reports-of";
import { runCli } from "@/test/run-cli";
import { readRows, withBulkTransaction } from "./sql-connection";

const scratches: Scratch[] = [];
let source: string;
let target: string;
/** The encryption key of the source's judge endpoint: a moved server keeps its ASSAY_ENCRYPTION_KEY. */
const sealing = crypto.randomBytes(32);

const migrate = (url: string) => expect(prismaCli(["migrate", "deploy"], url).status).toBe(0);

beforeAll(async () => {
  const from = await scratchDatabase();
  const to = await otherEngineDatabase();
  scratches.push(from, to);
  [source, target] = [from.url, to.url];
  migrate(source);
  migrate(target);
  const seeded = spawnSync("node", ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: source },
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  // and a judge endpoint with a stored key (the demo has none)
  await withBulkTransaction(async (db) => {
    const now = db.timestamp(new Date());
    await db.query(
      `INSERT INTO "JudgeEndpoint" ("name", "baseUrl", "model", "apiKeySealed", "inputPricePerMillion", "concurrency", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ["local-qwen", "http://127.0.0.1:8000/v1", "qwen2.5:7b", sealApiKey("sk-moved", sealing), 0.15, 8, now, now],
    );
  }, source);
}, 240_000);

afterAll(async () => {
  for (const s of scratches) await s.drop();
});

const count = async (url: string, table: string) =>
  Number((await readRows<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "${table}"`, [], url))[0]!.n);

describe("assay db copy", () => {
  it("refuses a target that is not migrated, and writes nothing", async () => {
    const bare = await scratchDatabase();
    scratches.push(bare);
    const refused = runCli(["db", "copy", "--to", bare.url], { env: { DATABASE_URL: source } });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/lacks table "[A-Za-z]+": migrate it first/);
  });

  it("copies the whole demo instance into the other engine: passwords, studies, campaigns, annotations with their times", async () => {
    const copied = runCli(["db", "copy", "--to", target], { env: { DATABASE_URL: source } });
    expect(copied.status, copied.stderr).toBe(0);
    const summary = JSON.parse(copied.stdout) as { rows: number; tables: Record<string, { rows: number }> };
    for (const table of ["User", "Study", "Label", "Campaign", "Item", "Assignment", "Annotation", "RunEntry"]) {
      expect(summary.tables[table]!.rows, table).toBe(await count(source, table));
      expect(await count(target, table), table).toBe(summary.tables[table]!.rows);
    }
    expect(summary.tables.Annotation!.rows).toBeGreaterThan(100);
    expect(Object.keys(summary.tables).sort(), "every model is copied").toEqual([...PRISMA_MODELS].sort());
    const endpoints = await readRows<Record<string, unknown>>(
      `SELECT "name", "baseUrl", "model", "apiKeySealed", "inputPricePerMillion", "concurrency" FROM "JudgeEndpoint"`,
      [],
      target,
    );
    expect(endpoints).toMatchObject([
      { name: "local-qwen", baseUrl: "http://127.0.0.1:8000/v1", model: "qwen2.5:7b", concurrency: 8 },
    ]);
    expect(Number(endpoints[0]!.inputPricePerMillion)).toBe(0.15);
    expect(openApiKey(String(endpoints[0]!.apiKeySealed), sealing), "its key opens with the same encryption key").toBe(
      "sk-moved",
    );

    // the demo researcher signs in to the copy with the demo password
    const [user] = await readRows<{ passwordHash: string }>(
      `SELECT "passwordHash" AS "passwordHash" FROM "User" WHERE "email" = ?`,
      ["researcher@assay.local"],
      target,
    );
    expect(await verifyPassword("assay-demo", user!.passwordHash)).toBe(true);

    // the same study bundle and the same annotations (every version, phase, comment and time) come back
    for (const what of [
      ["--what", "study", "--format", "bundle"],
      ["--what", "annotations", "--format", "jsonl"],
      ["--what", "labels", "--format", "nugget-qrels", "--judge", "gpt-4o"],
    ]) {
      const exported = (url: string) =>
        runCli(["export", "--study", "harbor-demo", ...what], { env: { DATABASE_URL: url } });
      const [a, b] = [exported(source), exported(target)];
      expect(a.status, a.stderr).toBe(0);
      expect(b.stdout.length).toBeGreaterThan(1000);
      expect(b.stdout, what.join(" ")).toBe(a.stdout);
    }

    // the TREC RAG demo's answers (sentence by sentence), graded nuggets and assignments, the same nuggetizer file
    const rag = (url: string) =>
      runCli(
        [
          "export",
          "--study",
          "lindenfeld-rag-demo",
          ...["--what", "labels", "--format", "nuggetizer-assignments", "--judge", "assessors"],
        ],
        { env: { DATABASE_URL: url } },
      );
    const [ragBefore, ragAfter] = [rag(source), rag(target)];
    expect(ragBefore.status, ragBefore.stderr).toBe(0);
    expect(ragAfter.stdout.split("\n").length).toBeGreaterThan(18);
    expect(ragAfter.stdout).toBe(ragBefore.stdout);
    for (const sql of [
      `SELECT COUNT(*) AS n FROM "Response" WHERE "sentences" IS NOT NULL`,
      `SELECT COUNT(*) AS n FROM "Nugget" WHERE "importance" = 'vital'`,
    ])
      expect(Number((await readRows<{ n: unknown }>(sql, [], target))[0]!.n), sql).toBe(
        Number((await readRows<{ n: unknown }>(sql, [], source))[0]!.n),
      );

    // and every report, the same JSON
    const [before, after] = [reportsOf(source, "harbor-demo"), reportsOf(target, "harbor-demo")];
    expect(Object.keys(before).length).toBeGreaterThan(40);
    for (const key of Object.keys(before)) expect(after[key], key).toEqual(before[key]);

    // the copy takes new rows: ids continue past the copied ones
    const created = runCli(["studies", "create", "--name", "After the move"], { env: { DATABASE_URL: target } });
    expect(created.status, created.stderr).toBe(0);
    expect((JSON.parse(created.stdout) as { id: number }).id).toBeGreaterThan(summary.tables.Study!.rows);
  }, 240_000);

  it("refuses a target that already holds rows, and changes nothing", async () => {
    const before = await count(target, "Study");
    const refused = runCli(["db", "copy", "--to", target], { env: { DATABASE_URL: source } });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: table "[A-Za-z]+" has rows/);
    expect(await count(target, "Study")).toBe(before);
  }, 120_000);
});
