// The label export reads pages of plain SQL: checked here against the same labels read through Prisma.
import { labelSet } from "@/test/label-set";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { exportStudy, type ExportRequest } from "./export-study";

async function exported(studyId: number, request: ExportRequest): Promise<string[]> {
  const out: string[] = [];
  for await (const text of (await exportStudy(studyId, request)).lines) out.push(...text.split("\n"));
  return out;
}

/** Every label of the judges, in id order, as JSON lines write them, read through Prisma. */
async function expectedJsonLines(studyId: number, judges: string[]): Promise<string[]> {
  const db = await getDb();
  const labels = await db.label.findMany({
    where: { studyId, judge: { name: { in: judges } } },
    orderBy: { id: "asc" },
    include: {
      judge: true,
      query: true,
      nugget: true,
      document: true,
      systemA: true,
      systemB: true,
    },
  });
  return labels.map((l) =>
    JSON.stringify({
      judge: l.judge.name,
      judge_kind: l.judge.kind,
      target: l.targetType,
      query: l.query?.externalId ?? null,
      nugget: l.nugget?.externalId ?? null,
      doc: l.document?.externalId ?? null,
      system_a: l.systemA?.name ?? null,
      system_b: l.systemB?.name ?? null,
      criterion: l.criterion,
      scale: l.scale,
      value: l.value,
      created_at: l.createdAt.toISOString(),
    }),
  );
}

const qrels = (from: number, to: number, prefix: string) =>
  Array.from({ length: to - from }, (_, k) => `q${(from + k) % 7} 0 ${prefix}${from + k} ${(from + k) % 3}`).join(
    "\n",
  ) + "\n";

describe("label exports (plain SQL, in pages)", () => {
  it("write every label of every target kind, in id order, with the fields and times Prisma reads", async () => {
    const db = await getDb();
    // its own copy of the demo: the labels it adds must not reach the shared demo study other tests count
    const { studyId } = await seedDemoStudy(db, `export-labels-${unique()}`);
    // besides the demo's (nugget, chunk) labels: labels on a question, a nugget and a (question, chunk) pair
    const query = await db.query.findFirstOrThrow({ where: { studyId }, include: { nuggets: true } });
    const doc = await db.document.findFirstOrThrow({ where: { studyId } });
    const nugget = query.nuggets[0]!.externalId;
    await importIntoStudy(studyId, {
      format: "labels-csv",
      scale: "relevance-3",
      judgeKind: "human",
      files: [
        textInput(
          "mixed.csv",
          `item,judge,label\n${query.externalId},mixed,relevant\n${nugget},mixed,non_relevant\n${query.externalId}::${doc.externalId},mixed,partially_relevant\n`,
        ),
      ],
    });
    const judges = (await db.judge.findMany({ where: { studyId }, select: { name: true } })).map((j) => j.name);
    const lines = await exported(studyId, { what: "labels", format: "jsonl", judges: judges.map(labelSet) });
    const expected = await expectedJsonLines(studyId, judges);
    expect(new Set(expected.map((l) => JSON.parse(l).target)).size).toBe(4);
    expect(lines).toEqual(expected);
  });

  it("walk pages past another study's labels in between, and only this study's", async () => {
    const db = await getDb();
    const mine = await upsertStudy(db, { slug: `pages-${unique()}`, name: "Pages" });
    const other = await upsertStudy(db, { slug: `pages-other-${unique()}`, name: "Other" });
    const add = (studyId: number, text: string) =>
      importIntoStudy(studyId, {
        format: "trec-qrels",
        judge: "llm",
        scale: "relevance-3",
        createMissing: true,
        files: [textInput("l.qrels", text)],
      });
    // ids: 2,500 of mine, 1,500 of the other study, 2,500 of mine (pages of 2,000 labels)
    await add(mine.id, qrels(0, 2500, "d"));
    await add(other.id, qrels(0, 1500, "x"));
    await add(mine.id, qrels(2500, 5000, "d"));
    const lines = await exported(mine.id, { what: "labels", format: "trec-qrels", judges: ["llm"].map(labelSet) });
    expect(lines).toEqual(qrels(0, 5000, "d").trim().split("\n"));
    const csv = await exported(mine.id, { what: "labels", format: "csv", judges: ["llm"].map(labelSet) });
    expect(csv).toHaveLength(5001);
    expect(csv[5000]).toBe(`q${4999 % 7}::d4999,llm,${["non_relevant", "partially_relevant", "relevant"][4999 % 3]}`);
    expect(await exported(mine.id, { what: "labels", format: "jsonl", judges: ["llm"].map(labelSet) })).toEqual(
      await expectedJsonLines(mine.id, ["llm"]),
    );
  });
});
