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
/** Every migration before `name`, applied in order (in one run of the CLI: one a migration took a minute). */
const migrateUpTo = (url: string, name: string) =>
  execute(
    url,
    fs
      .readdirSync(folder)
      .filter((m) => /^\d/.test(m) && m < name)
      .sort()
      .map((migration) => fs.readFileSync(path.join(folder, migration, "migration.sql"), "utf8"))
      .join("\n"),
  );
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

  it("nugget sets: each study's nuggets become its first set, with their list versions, and its nugget campaigns and runs use it", async () => {
    scratch = await scratchDatabase();
    migrateUpTo(
      scratch.url,
      fs.readdirSync(folder).find((m) => m.endsWith("_nugget_sets"))!,
    );
    execute(
      scratch.url,
      `INSERT INTO "Study" ("id", "slug", "name") VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C');
       INSERT INTO "Query" ("id", "studyId", "externalId", "body", "nuggetVersion") VALUES (1, 1, 'q1', 'Q1', 3), (2, 1, 'q2', 'Q2', 1), (3, 2, 'q1', 'Q1', 2), (4, 3, 'q1', 'Q1', 1);
       INSERT INTO "Nugget" ("id", "studyId", "queryId", "externalId", "position", "text", "importance") VALUES
         (1, 1, 1, 'q1_1', 1, 'a', 'vital'), (2, 1, 1, 'q1_2', 2, 'b', NULL), (3, 1, 2, 'q2_1', 1, 'c', 'okay'), (4, 2, 3, 'q1_1', 1, 'd', NULL);
       INSERT INTO "Judge" ("id", "studyId", "kind", "name") VALUES (1, 1, 'model', 'j'), (2, 3, 'model', 'j');
       INSERT INTO "Label" ("id", "studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "scale", "value") VALUES
         (1, 1, 1, 'nugget', 'n:2', 1, 2, 'binary', '1');
       INSERT INTO "Campaign" ("id", "studyId", "name", "taskType", "protocol") VALUES (1, 1, 'review', 'nugget_quality', 'blind'), (2, 1, 'rel', 'relevance', 'blind'), (3, 2, 'assign', 'nugget_assignment', 'blind'), (4, 3, 'none', 'nugget_quality', 'blind'), (5, 2, 'support', 'support', 'blind');
       INSERT INTO "JudgeRun" ("id", "studyId", "judgeId", "endpointName", "baseUrl", "model", "templateName", "templateVersion", "template", "task", "sample") VALUES
         (1, 1, 1, 'e', 'http://127.0.0.1:1/v1', 'm', 't', 'v', '{}', 'nugget_assignment', '{}'),
         (2, 1, 1, 'e', 'http://127.0.0.1:1/v1', 'm', 't', 'v', '{}', 'relevance', '{}'),
         (3, 1, 1, 'e', 'http://127.0.0.1:1/v1', 'm', 't', 'v', '{}', 'support', '{}');`,
    );
    apply(scratch.url, "_nugget_sets");
    const sets = await rowsAt<{ id: unknown; studyId: unknown; name: string }>(
      scratch.url,
      `SELECT "id", "studyId", "name" FROM "NuggetSet" ORDER BY "studyId"`,
    );
    expect(sets.map((s) => [Number(s.studyId), s.name])).toEqual([
      [1, "main"],
      [2, "main"],
    ]);
    const setOf = new Map(sets.map((s) => [Number(s.studyId), Number(s.id)]));
    const nuggets = await rowsAt<{
      id: unknown;
      setId: unknown;
      externalId: string;
      text: string;
      importance: unknown;
    }>(scratch.url, `SELECT "id", "setId", "externalId", "text", "importance" FROM "Nugget" ORDER BY "id"`);
    expect(nuggets.map((n) => [Number(n.id), Number(n.setId), n.externalId, n.text, n.importance])).toEqual([
      [1, setOf.get(1), "q1_1", "a", "vital"],
      [2, setOf.get(1), "q1_2", "b", null],
      [3, setOf.get(1), "q2_1", "c", "okay"],
      [4, setOf.get(2), "q1_1", "d", null],
    ]);
    // a label on a nugget still names it
    const labels = await rowsAt<{ nuggetId: unknown; targetKey: string }>(
      scratch.url,
      `SELECT l."nuggetId", l."targetKey" FROM "Label" l JOIN "Nugget" n ON n."id" = l."nuggetId"`,
    );
    expect(labels.map((l) => [Number(l.nuggetId), l.targetKey])).toEqual([[2, "n:2"]]);
    const lists = await rowsAt<{ setId: unknown; queryId: unknown; version: unknown }>(
      scratch.url,
      `SELECT "setId", "queryId", "version" FROM "NuggetList" ORDER BY "queryId"`,
    );
    expect(lists.map((l) => [Number(l.setId), Number(l.queryId), Number(l.version)])).toEqual([
      [setOf.get(1), 1, 3],
      [setOf.get(2), 3, 2],
    ]);
    const campaigns = await rowsAt<{ nuggetSetId: unknown }>(
      scratch.url,
      `SELECT "nuggetSetId" FROM "Campaign" ORDER BY "id"`,
    );
    expect(campaigns.map((c) => (c.nuggetSetId === null ? null : Number(c.nuggetSetId)))).toEqual([
      setOf.get(1),
      null,
      setOf.get(2),
      null,
      setOf.get(2),
    ]);
    const runs = await rowsAt<{ nuggetSetId: unknown }>(
      scratch.url,
      `SELECT "nuggetSetId" FROM "JudgeRun" ORDER BY "id"`,
    );
    expect(runs.map((r) => (r.nuggetSetId === null ? null : Number(r.nuggetSetId)))).toEqual([
      setOf.get(1),
      null,
      setOf.get(1),
    ]);
    // a second set of the study may number its nuggets from 1 again, and one set only once
    execute(
      scratch.url,
      `INSERT INTO "NuggetSet" ("id", "studyId", "name") VALUES (10, 1, 'nist');
       INSERT INTO "Nugget" ("id", "studyId", "setId", "queryId", "externalId", "position", "text") VALUES (5, 1, 10, 1, 'nist_q1_1', 1, 'e');`,
    );
    const twice = prismaCli(
      ["db", "execute", "--stdin"],
      scratch.url,
      `INSERT INTO "Nugget" ("id", "studyId", "setId", "queryId", "externalId", "position", "text") VALUES (6, 1, 10, 1, 'nist_q1_2', 1, 'f');`,
    );
    expect(twice.status).not.toBe(0);
  });
});
