// A judge's labels as reports read them (labelsOfJudge: on SQLite one row of JSON columns, on
// PostgreSQL a row a label) against Prisma's read of the same rows: every column of every kind of
// target, nulls, text that JSON escapes, and a judge with no label. On the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import { nuggetDocumentKey, nuggetKey, preferenceKey, queryDocumentKey } from "@/lib/domain/targets";
import { getDb } from "@/lib/server/db/client";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { labelsOfJudge } from "./labels";

let judgeId: number;
let emptyJudgeId: number;

beforeAll(async () => {
  const db = await getDb();
  const studyId = (await f.upsertStudy(db, { slug: `labels-of-judge-${unique()}`, name: "labels of judge" })).id;
  const query = await f.upsertQuery(db, studyId, { externalId: "q1", title: "", body: "one" });
  const doc = await f.upsertDocument(db, studyId, { externalId: "d1", text: "chunk" });
  const nugget = await f.upsertNugget(db, studyId, query.id, { externalId: "n1", position: 1, text: "a fact" });
  const [a, b] = [await f.upsertSystem(db, studyId, "a"), await f.upsertSystem(db, studyId, "b")];
  judgeId = (await f.upsertJudge(db, studyId, { name: "mixed", kind: "model" })).id;
  emptyJudgeId = (await f.upsertJudge(db, studyId, { name: "silent", kind: "human" })).id;
  const labels = [
    {
      targetType: "query_document",
      targetKey: queryDocumentKey(query.id, doc.id),
      queryId: query.id,
      documentId: doc.id,
      scale: "trec-dl-0-3",
      value: "2",
    },
    {
      targetType: "nugget_document",
      targetKey: nuggetDocumentKey(nugget.id, doc.id),
      queryId: query.id,
      nuggetId: nugget.id,
      documentId: doc.id,
      scale: "nugget-assignment",
      value: "partial_support",
    },
    {
      targetType: "nugget",
      targetKey: nuggetKey(nugget.id),
      nuggetId: nugget.id,
      scale: "nugget-importance",
      value: 'says "both", \\ and\nmore ✓',
    },
    {
      targetType: "system_pair",
      targetKey: preferenceKey(query.id, a.id, b.id, "clarity, then tone"),
      queryId: query.id,
      systemAId: a.id,
      systemBId: b.id,
      criterion: "clarity, then tone",
      scale: "preference",
      value: "a",
    },
  ];
  for (const label of labels) await db.label.create({ data: { studyId, judgeId, ...label } });
});

describe("labelsOfJudge", () => {
  it("reads every label of a judge with its columns as stored", async () => {
    const db = await getDb();
    const stored = await db.label.findMany({
      where: { judgeId },
      select: { targetKey: true, value: true, scale: true, queryId: true, nuggetId: true, criterion: true },
    });
    expect(stored).toHaveLength(4);
    const read = await labelsOfJudge(judgeId);
    expect(new Map([...read].toSorted(([x], [y]) => x.localeCompare(y)))).toEqual(
      new Map(stored.map((l) => [l.targetKey, l] as const).toSorted(([x], [y]) => x.localeCompare(y))),
    );
  });

  it("reads a judge with no label as an empty set", async () => {
    expect((await labelsOfJudge(emptyJudgeId)).size).toBe(0);
  });
});
