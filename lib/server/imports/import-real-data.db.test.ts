// Real benchmarks in, counts out (../shared/data; see its SOURCES.md).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { fileInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

async function labelCounts(studyId: number) {
  const db = await getDb();
  const groups = await db.label.groupBy({ by: ["value"], where: { studyId }, _count: true, orderBy: { value: "asc" } });
  return Object.fromEntries(groups.map((g) => [g.value, g._count]));
}

describe("NovelEval", () => {
  let studyId: number;
  beforeAll(async () => {
    studyId = (await upsertStudy(await getDb(), { slug: `noveleval-${unique()}`, name: "NovelEval" })).id;
  });

  it("imports 21 queries, 420 passages and 290/40/90 labels", async () => {
    const queries = await importIntoStudy(studyId, {
      format: "beir-queries",
      files: [fileInput("noveleval/queries.tsv")],
    });
    const corpus = await importIntoStudy(studyId, {
      format: "beir-corpus",
      files: [fileInput("noveleval/corpus.tsv")],
    });
    const qrels = await importIntoStudy(studyId, {
      format: "trec-qrels",
      judge: "noveleval-assessors",
      judgeKind: "human",
      scale: "graded-0-2",
      files: [fileInput("noveleval/qrels.txt")],
    });
    expect(queries.added.queries).toBe(21);
    expect(corpus.added.documents).toBe(420);
    expect(qrels.added).toMatchObject({ labels: 420, poolEntries: 420 });
    expect(qrels.files).toEqual([{ name: "qrels.txt", lines: 420, rows: 420 }]);
    expect(await labelCounts(studyId)).toEqual({ "0": 290, "1": 40, "2": 90 });
    const db = await getDb();
    const tabbed = await db.document.findUniqueOrThrow({
      where: { studyId_externalId: { studyId, externalId: "14-17" } },
    });
    expect(tabbed.text.split("\t").length).toBeGreaterThan(3);
    const judge = await db.judge.findUniqueOrThrow({
      where: { studyId_name: { studyId, name: "noveleval-assessors" } },
    });
    expect(judge.kind).toBe("human");
  });

  it("changes nothing when the same files are imported again", async () => {
    const again = await importIntoStudy(studyId, {
      format: "trec-qrels",
      judge: "noveleval-assessors",
      judgeKind: "human",
      scale: "graded-0-2",
      files: [fileInput("noveleval/qrels.txt")],
    });
    const corpus = await importIntoStudy(studyId, {
      format: "beir-corpus",
      files: [fileInput("noveleval/corpus.tsv")],
    });
    expect(Object.values(again.added).every((n) => n === 0)).toBe(true);
    expect(Object.values(corpus.added).every((n) => n === 0)).toBe(true);
    expect(await labelCounts(studyId)).toEqual({ "0": 290, "1": 40, "2": 90 });
  });
});

describe("FeB4RAG", () => {
  let studyId: number;
  beforeAll(async () => {
    studyId = (await upsertStudy(await getDb(), { slug: `feb4rag-${unique()}`, name: "FeB4RAG" })).id;
  });

  it("imports 790 requests and 126,400 fused labels with their engines", async () => {
    const requests = await importIntoStudy(studyId, {
      format: "beir-queries",
      files: [fileInput("feb4rag/requests.jsonl")],
    });
    const labels = await importIntoStudy(studyId, {
      format: "feb4rag-labels",
      files: [fileInput("feb4rag/BEIR-QRELS-RM.txt")],
    });
    expect(requests.added.queries).toBe(790);
    expect(labels.judge).toBe("feb4rag-fused-llm");
    expect(labels.added.labels).toBe(126_400);
    expect(labels.added.poolEntries).toBe(126_400);
    expect(await labelCounts(studyId)).toEqual({ "0": 75_787, "1": 43_167, "2": 7_040, "3": 406 });
    const db = await getDb();
    const doc = await db.document.findFirstOrThrow({ where: { studyId, externalId: { startsWith: "nfcorpus/MED-" } } });
    expect(JSON.parse(doc.metadata)).toEqual({ engine: "nfcorpus" });
  });

  it("imports the 80 human preference selections as 320 labels between best-fed and naive-fed", async () => {
    const selections = await importIntoStudy(studyId, {
      format: "feb4rag-selections",
      files: [fileInput("feb4rag/selections.jsonl")],
    });
    expect(selections.added).toMatchObject({ labels: 320, systems: 2 });
    const db = await getDb();
    const judge = await db.judge.findUniqueOrThrow({
      where: { studyId_name: { studyId, name: "feb4rag-assessors" } },
      include: { _count: { select: { labels: true } } },
    });
    expect(judge).toMatchObject({ kind: "human", _count: { labels: 320 } });
    const first = await db.label.findMany({
      where: { judgeId: judge.id, query: { externalId: "114" } },
      include: { systemA: true, systemB: true },
      orderBy: { criterion: "asc" },
    });
    expect(first.map((l) => [l.criterion, l.value, l.systemA?.name, l.systemB?.name])).toEqual([
      ["clarity", "none", "best-fed", "naive-fed"],
      ["consistency", "none", "best-fed", "naive-fed"],
      ["correctness", "b", "best-fed", "naive-fed"],
      ["coverage", "b", "best-fed", "naive-fed"],
    ]);
  });
});
