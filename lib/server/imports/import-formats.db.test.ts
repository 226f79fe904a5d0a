// Every format on small hand-made files: what lands in the database, and idempotent re-imports.
import { nuggetVersionOf } from "@/test/nugget-versions";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { jsonl, textInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

let studyId: number;

const CORPUS = jsonl(
  {
    _id: "acme/src/retry.py_0_120",
    title: "retry.py",
    text: "def retry(): ...",
    metadata: { url: "https://example.invalid/retry.py" },
  },
  { _id: "acme/docs/retry.md_0_80", title: "retry.md", text: "# Retries", metadata: {} },
  { _id: "acme/src/other.ts_0_50", title: "other.ts", text: "export {}", metadata: {} },
);
const QUERIES = jsonl({
  query_id: "q1",
  query_title: "Retry?",
  query_text: "How do I retry?",
  answer_id: "a1",
  answer_text: "Use retry().",
  nuggets: [
    {
      _id: "q1_1",
      text: "retry() retries",
      relevant_corpus_ids: ["acme/src/retry.py_0_120"],
      non_relevant_corpus_ids: ["acme/src/other.ts_0_50"],
    },
    {
      _id: "q1_2",
      text: "docs explain it",
      relevant_corpus_ids: ["acme/docs/retry.md_0_80"],
      non_relevant_corpus_ids: [],
    },
  ],
  metadata: { tags: ["python"] },
});

beforeAll(async () => {
  studyId = (await upsertStudy(await getDb(), { slug: `formats-${unique()}`, name: "Formats" })).id;
  await importIntoStudy(studyId, { format: "freshstack-corpus", files: [textInput("corpus.jsonl", CORPUS)] });
});

describe("FreshStack", () => {
  it("imports questions, nuggets in order, the LLM's support labels and the pool", async () => {
    const summary = await importIntoStudy(studyId, {
      format: "freshstack-queries",
      files: [textInput("queries.jsonl", QUERIES)],
    });
    expect(summary).toMatchObject({
      judge: "gpt-4o",
      scale: "binary",
      added: { queries: 1, nuggets: 2, labels: 3, poolEntries: 3 },
    });
    const db = await getDb();
    const doc = await db.document.findFirstOrThrow({ where: { studyId, externalId: "acme/src/retry.py_0_120" } });
    expect(doc).toMatchObject({ repo: "acme", path: "src/retry.py", language: "python" });
    const labels = await db.label.findMany({
      where: { studyId },
      include: { nugget: true, document: true },
      orderBy: { id: "asc" },
    });
    expect(labels.map((l) => [l.nugget?.externalId, l.nugget?.position, l.document?.externalId, l.value])).toEqual([
      ["q1_1", 1, "acme/src/retry.py_0_120", "1"],
      ["q1_1", 1, "acme/src/other.ts_0_50", "0"],
      ["q1_2", 2, "acme/docs/retry.md_0_80", "1"],
    ]);
    const version = async () =>
      nuggetVersionOf(db, (await db.query.findFirstOrThrow({ where: { studyId, externalId: "q1" } })).id);
    expect(await version()).toBe(1);
    const again = await importIntoStudy(studyId, {
      format: "freshstack-queries",
      files: [textInput("queries.jsonl", QUERIES)],
    });
    expect(Object.values(again.added).every((n) => n === 0)).toBe(true);
    expect(await version()).toBe(1); // the same list: the same version
    // a nugget reworded on re-import is a new version of the question's list
    const original = JSON.parse(QUERIES.trim()) as { nuggets: { text: string }[] };
    const changed = JSON.stringify({
      ...original,
      nuggets: original.nuggets.map((n, i) => (i === 0 ? { ...n, text: `${n.text} (reworded)` } : n)),
    });
    await importIntoStudy(studyId, {
      format: "freshstack-queries",
      files: [textInput("queries.jsonl", `${changed}\n`)],
    });
    expect(await version()).toBe(2);
  });
});

describe("nugget qrels, runs, CSV labels and pairwise responses", () => {
  it("imports nugget qrels of another judge", async () => {
    const summary = await importIntoStudy(studyId, {
      format: "nugget-qrels",
      judge: "solar-11b",
      scale: "binary",
      files: [textInput("nuggets.qrels", "q1 q1_1 acme/src/retry.py_0_120 1\nq1 q1_2 acme/src/other.ts_0_50 0\n")],
    });
    expect(summary.added).toMatchObject({ labels: 2, poolEntries: 0 });
  });

  it("imports a run as one system, ranks and scores included", async () => {
    const run = "q1 Q0 acme/docs/retry.md_0_80 1 9.5 bm25\nq1 Q0 acme/src/retry.py_0_120 2 7.25 bm25\n";
    const summary = await importIntoStudy(studyId, { format: "trec-run", files: [textInput("bm25.run", run)] });
    expect(summary.added).toMatchObject({ systems: 1, runEntries: 2 });
    const db = await getDb();
    const entries = await db.runEntry.findMany({
      where: { system: { studyId, name: "bm25" } },
      orderBy: { rank: "asc" },
      include: { document: true },
    });
    expect(entries.map((e) => [e.rank, e.score, e.document.externalId])).toEqual([
      [1, 9.5, "acme/docs/retry.md_0_80"],
      [2, 7.25, "acme/src/retry.py_0_120"],
    ]);
  });

  it("imports a file of several runs, each tag a system, all or nothing", async () => {
    const runs =
      "q1 Q0 acme/docs/retry.md_0_80 1 3 multi-a\nq1 Q0 acme/src/retry.py_0_120 2 2 multi-a\n" +
      "q1 Q0 acme/src/retry.py_0_120 1 5 multi-b\nq1 Q0 acme/docs/retry.md_0_80 2 4 multi-b\n";
    const summary = await importIntoStudy(studyId, { format: "trec-run", files: [textInput("two.run", runs)] });
    expect(summary.added).toMatchObject({ systems: 2, runEntries: 4 });
    const db = await getDb();
    const first = async (name: string) =>
      (
        await db.runEntry.findFirstOrThrow({
          where: { system: { studyId, name }, rank: 1 },
          include: { document: true },
        })
      ).document.externalId;
    expect([await first("multi-a"), await first("multi-b")]).toEqual([
      "acme/docs/retry.md_0_80",
      "acme/src/retry.py_0_120",
    ]);
    // one bad line of the second run: nothing of either is stored
    const bad = "q1 Q0 acme/docs/retry.md_0_80 1 3 multi-c\nq1 Q0 nowhere 1 5 multi-d\n";
    await expect(
      importIntoStudy(studyId, { format: "trec-run", files: [textInput("bad.run", bad)] }),
    ).rejects.toMatchObject({ code: "invalid" });
    expect(await db.system.count({ where: { studyId, name: { in: ["multi-c", "multi-d"] } } })).toBe(0);
  });

  it("imports CSV labels for nugget-chunk, query-chunk, nugget and query targets from several judges", async () => {
    const csv =
      "item,judge,label\nq1_1::acme/src/retry.py_0_120,alice,relevant\nq1::acme/docs/retry.md_0_80,bob,1\nq1_2,alice,0\nq1,bob,partially_relevant\n";
    const summary = await importIntoStudy(studyId, {
      format: "labels-csv",
      scale: "relevance-3",
      judgeKind: "human",
      files: [textInput("labels.csv", csv)],
    });
    expect(summary.added.labels).toBe(4);
    const db = await getDb();
    const labels = await db.label.findMany({
      where: { studyId, judge: { kind: "human" } },
      include: { judge: true },
      orderBy: { id: "asc" },
    });
    expect(labels.map((l) => [l.judge.name, l.targetType, l.value])).toEqual([
      ["alice", "nugget_document", "relevant"],
      ["bob", "query_document", "partially_relevant"],
      ["alice", "nugget", "non_relevant"],
      ["bob", "query", "partially_relevant"],
    ]);
  });

  it("imports pairwise responses with citations, creating cited passages given with text", async () => {
    const line = jsonl({
      request_id: "r1",
      request: "Which retry?",
      responses: [
        { system: "rag-a", text: "Use retry() [1].", citations: [{ marker: 1, doc_id: "acme/src/retry.py_0_120" }] },
        {
          system: "rag-b",
          text: "See the docs [1][2].",
          citations: [
            { marker: 1, doc_id: "acme/docs/retry.md_0_80" },
            { marker: 2, doc_id: "web/1", text: "A web page." },
          ],
        },
      ],
    });
    const summary = await importIntoStudy(studyId, {
      format: "pairwise-responses",
      files: [textInput("pairs.jsonl", line)],
    });
    expect(summary.added).toMatchObject({ queries: 1, responses: 2, citations: 3, documents: 1, systems: 2 });
    const again = await importIntoStudy(studyId, {
      format: "pairwise-responses",
      files: [textInput("pairs.jsonl", line)],
    });
    expect(Object.values(again.added).every((n) => n === 0)).toBe(true);
  });
});
