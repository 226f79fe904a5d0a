// upsertMany on the engine under test: PostgreSQL takes many rows through COPY (straight in, or
// through a staging table when some already exist), everything else through multi-row VALUES.
// Every path must store exactly what was given and update exactly what existed.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { upsertStudy } from "@/prisma/factories";
import { engineUnderTest, unique } from "@/test/db-tier";
import { COPY_FROM_ROWS, upsertMany } from "./bulk-sql";
import { dbTimestamp, withBulkTransaction } from "./transactions";

/** Texts COPY's text format must escape or must not misread. */
const AWKWARD = [
  "tab\there",
  "line\nbreak",
  "carriage\rreturn and\r\nwindows",
  "back\\slash, \\N, \\t and \\\\N",
  "\\N",
  "",
  "émoji 🦜, ünïcödé, 中文",
  "quote \" and ' and , and ;",
  "trailing backslash \\",
];

type DocumentRow = [string, string, string, string | null, string];

/** n documents: external id, title, text, path (every third null), metadata. */
function documents(n: number, version: string): DocumentRow[] {
  return Array.from({ length: n }, (_, i) => [
    `doc-${String(i).padStart(5, "0")}`,
    `${version} title ${i}`,
    `${version} ${AWKWARD[i % AWKWARD.length]!}`,
    i % 3 === 0 ? null : `src/${i}.py`,
    JSON.stringify({ i, version, note: AWKWARD[i % AWKWARD.length] }),
  ]);
}

const upsertDocuments = (studyId: number, rows: DocumentRow[]) =>
  withBulkTransaction((tx) =>
    upsertMany(
      tx,
      {
        table: "Document",
        columns: ["studyId", "externalId", "title", "text", "path", "metadata"],
        conflict: ["studyId", "externalId"],
        update: ["title", "text", "path", "metadata"],
      },
      rows.map((r) => [studyId, ...r]),
    ),
  );

async function storedDocuments(studyId: number) {
  const db = await getDb();
  const rows = await db.document.findMany({ where: { studyId }, orderBy: { id: "asc" } });
  return rows.map((d) => ({ id: d.id, row: [d.externalId, d.title, d.text, d.path, d.metadata] }));
}

describe(`upsertMany on ${engineUnderTest}`, () => {
  let studyId: number;
  beforeAll(async () => {
    studyId = (await upsertStudy(await getDb(), { slug: `bulk-${unique()}`, name: "Bulk" })).id;
  });

  it("stores many new rows exactly, with ids in the rows' order", async () => {
    const rows = documents(COPY_FROM_ROWS * 2 + 7, "v1");
    await upsertDocuments(studyId, rows);
    const stored = await storedDocuments(studyId);
    expect(stored.map((s) => s.row)).toEqual(rows);
    expect(stored.map((s) => s.id)).toEqual([...stored.map((s) => s.id)].sort((a, b) => a - b));
  });

  // PostgreSQL marks a table's pages all-visible only in VACUUM; until then an index-only scan reads
  // each row from the table as well (the disagreements' scan at TREC's size: 1,000,000 heap fetches).
  // The rows just written are read by an index-only scan (the planner told to take one): none of
  // them from the table
  it.runIf(engineUnderTest === "postgres")(
    "leaves the rows a bulk transaction wrote all-visible, so index-only scans read no table rows",
    async () => {
      const db = await getDb();
      const other = await upsertStudy(db, { slug: `bulk-visible-${unique()}`, name: "Bulk visible" });
      await upsertDocuments(other.id, documents(COPY_FROM_ROWS * 4, "visible"));
      const plan = await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
        const [row] = await tx.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(
          `EXPLAIN (ANALYZE, FORMAT JSON) SELECT "externalId" FROM "Document" WHERE "studyId" = ${other.id}`,
        );
        return JSON.stringify(row!["QUERY PLAN"]);
      });
      expect(plan).toContain('"Node Type":"Index Only Scan"');
      expect(plan).toContain(`"Actual Rows":${COPY_FROM_ROWS * 4}`);
      expect(plan).toContain('"Heap Fetches":0');
    },
  );

  it("updates existing rows and adds new ones in the same batch, keeping every id", async () => {
    const before = await storedDocuments(studyId);
    // every other existing row again with new values, and new rows after them
    const v1 = documents(before.length, "v1");
    const v2 = documents(before.length + COPY_FROM_ROWS, "v2");
    const again = v2.slice(0, before.length).filter((_, i) => i % 2 === 0);
    const added = v2.slice(before.length);
    await upsertDocuments(studyId, [...again, ...added]);
    const after = await storedDocuments(studyId);
    const expected = v1.map((row, i) => (i % 2 === 0 ? v2[i]! : row));
    expect(after.slice(0, before.length)).toEqual(before.map((b, i) => ({ id: b.id, row: expected[i] })));
    expect(after.slice(before.length).map((s) => s.row)).toEqual(added);
  });

  it("a few rows take the same path as before (multi-row VALUES) and the same result", async () => {
    const [first] = await storedDocuments(studyId);
    await upsertDocuments(studyId, [[first!.row[0] as string, "few", "a\tfew\nrows\\", null, "{}"]]);
    const [again] = await storedDocuments(studyId);
    expect(again).toEqual({ id: first!.id, row: [first!.row[0], "few", "a\tfew\nrows\\", null, "{}"] });
  });

  it("returns the ids of many rows, new and existing, and keeps times and numbers exact", async () => {
    const db = await getDb();
    const judge = await db.judge.create({ data: { studyId, kind: "model", name: `bulk-${unique()}` } });
    const stored = await storedDocuments(studyId);
    const times = stored.map((_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i * 7)));
    const labels = (value: (i: number) => string) =>
      withBulkTransaction((tx) =>
        upsertMany(
          tx,
          {
            table: "Label",
            columns: ["studyId", "judgeId", "targetType", "targetKey", "documentId", "scale", "value", "createdAt"],
            conflict: ["judgeId", "targetKey"],
            update: ["value"],
            returning: ["id", "targetKey"],
          },
          stored.map((d, i) => [
            studyId,
            judge.id,
            "query_document",
            `d${d.id}`,
            d.id,
            "graded-0-3",
            value(i),
            dbTimestamp(tx, times[i]!),
          ]),
        ),
      );
    const created = await labels((i) => String(i % 4));
    expect(created).toHaveLength(stored.length);
    const updated = await labels((i) => String(3 - (i % 4)));
    expect(new Map(updated.map((r) => [r.targetKey, Number(r.id)]))).toEqual(
      new Map(created.map((r) => [r.targetKey, Number(r.id)])),
    );
    const rows = await db.label.findMany({ where: { judgeId: judge.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.documentId, r.value, r.createdAt.toISOString()])).toEqual(
      stored.map((d, i) => [d.id, String(3 - (i % 4)), times[i]!.toISOString()]),
    );
  });
});
