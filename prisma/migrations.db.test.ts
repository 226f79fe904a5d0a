// Migrations that move data, replayed on a scratch database of the engine under test: the
// database as the migration before found it, the migration's own SQL, and what it left.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeConnections, engineUnderTest, prismaCli, rowsAt, scratchDatabase, type Scratch } from "@/test/db-tier";

const folder = `prisma/${engineUnderTest}/migrations`;
let scratch: Scratch | undefined;

afterEach(async () => {
  await closeConnections();
  await scratch?.drop();
  scratch = undefined;
});

const execute = (url: string, sql: string) => {
  const result = prismaCli(["db", "execute", "--stdin"], url, sql);
  expect(result.status, result.output).toBe(0);
};
/** Every migration before `name`, applied in order. */
const migrateUpTo = (url: string, name: string) => {
  for (const migration of fs
    .readdirSync(folder)
    .filter((m) => /^\d/.test(m) && m < name)
    .sort())
    execute(url, fs.readFileSync(path.join(folder, migration, "migration.sql"), "utf8"));
};
const apply = (url: string, name: string) =>
  execute(
    url,
    fs.readFileSync(
      path.join(
        folder,
        fs.readdirSync(folder).find((m) => m.endsWith(name))!,
        "migration.sql",
      ),
      "utf8",
    ),
  );

describe(`data migrations on ${engineUnderTest}`, () => {
  it("security: each saved judge template moves to the studies that used it, or that its author researches; an unclaimed one goes", async () => {
    scratch = await scratchDatabase();
    const security = fs.readdirSync(folder).find((m) => m.endsWith("_security"))!;
    migrateUpTo(scratch.url, security);
    execute(
      scratch.url,
      `INSERT INTO "User" ("id", "email", "name", "role") VALUES (1, 'r1@lab.org', 'R1', 'researcher'), (2, 'r2@lab.org', 'R2', 'researcher'), (3, 'admin@lab.org', 'Admin', 'admin');
       INSERT INTO "Study" ("id", "slug", "name") VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C');
       INSERT INTO "StudyMember" ("studyId", "userId", "role") VALUES (1, 1, 'researcher'), (2, 1, 'researcher'), (3, 2, 'researcher');
       INSERT INTO "Judge" ("id", "studyId", "kind", "name") VALUES (1, 1, 'model', 'j'), (2, 2, 'model', 'j');
       INSERT INTO "JudgeTemplate" ("name", "task") VALUES ('shared', 'relevance'), ('drafted', 'support'), ('orphan', 'relevance');
       INSERT INTO "JudgeTemplateVersion" ("templateId", "version", "content", "createdBy")
         SELECT t."id", v."version", v."content", v."createdBy" FROM "JudgeTemplate" t JOIN (
           SELECT 'shared' AS "name", 'v1' AS "version", '{"a":1}' AS "content", 'r1@lab.org' AS "createdBy"
           UNION ALL SELECT 'shared', 'v2', '{"a":2}', 'r1@lab.org'
           UNION ALL SELECT 'drafted', 'w1', '{"b":1}', 'r2@lab.org'
           UNION ALL SELECT 'orphan', 'x1', '{"c":1}', 'admin@lab.org') v ON v."name" = t."name";
       INSERT INTO "JudgeRun" ("studyId", "judgeId", "endpointName", "baseUrl", "model", "templateName", "templateVersion", "template", "task", "sample") VALUES
         (1, 1, 'e', 'http://127.0.0.1:1/v1', 'm', 'shared', 'v1', '{}', 'relevance', '{}'),
         (2, 2, 'e', 'http://127.0.0.1:1/v1', 'm', 'shared', 'v2', '{}', 'relevance', '{}'),
         (2, 2, 'e', 'http://127.0.0.1:1/v1', 'm', 'umbrela-relevance', 'z', '{}', 'relevance', '{}');`,
    );
    apply(scratch.url, "_security");
    const templates = await rowsAt<{ studyId: unknown; name: string; versions: unknown }>(
      scratch.url,
      `SELECT t."studyId", t."name", (SELECT COUNT(*) FROM "JudgeTemplateVersion" v WHERE v."templateId" = t."id") AS "versions"
         FROM "JudgeTemplate" t ORDER BY t."studyId", t."name"`,
    );
    expect(templates.map((t) => [Number(t.studyId), t.name, Number(t.versions)])).toEqual([
      [1, "shared", 2],
      [2, "shared", 2],
      [3, "drafted", 1],
    ]);
    const versions = await rowsAt<{ version: string; content: string; createdBy: string }>(
      scratch.url,
      `SELECT v."version", v."content", v."createdBy" FROM "JudgeTemplateVersion" v JOIN "JudgeTemplate" t ON t."id" = v."templateId"
        WHERE t."studyId" = 2 ORDER BY v."version"`,
    );
    expect(versions).toEqual([
      { version: "v1", content: '{"a":1}', createdBy: "r1@lab.org" },
      { version: "v2", content: '{"a":2}', createdBy: "r1@lab.org" },
    ]);
    const orphans = await rowsAt(scratch.url, `SELECT "version" FROM "JudgeTemplateVersion" WHERE "version" = 'x1'`);
    expect(orphans).toEqual([]);
    // the same name may now be saved in another study, and only once in one
    execute(scratch.url, `INSERT INTO "JudgeTemplate" ("studyId", "name", "task") VALUES (3, 'shared', 'relevance');`);
    const twice = prismaCli(
      ["db", "execute", "--stdin"],
      scratch.url,
      `INSERT INTO "JudgeTemplate" ("studyId", "name", "task") VALUES (3, 'shared', 'relevance');`,
    );
    expect(twice.status).not.toBe(0);
  });
});
