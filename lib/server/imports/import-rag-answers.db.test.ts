// TREC RAG answers (the track's submission JSONL): many runs in one file, each a system with its
// answers' sentences and citations; topics the study lacks become questions; cited segments are
// the study's or, when asked, created without text; all or nothing; a study bundle carries them.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { jsonl, textInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

const answer = (runId: string, topicId: string, references: string[], answer: object[], extra: object = {}) => ({
  run_id: runId,
  topic_id: topicId,
  topic: `What is ${topicId}?`,
  references,
  response_length: 12,
  answer,
  ...extra,
});

const ANSWERS = jsonl(
  answer(
    "bm25-gpt",
    "t1",
    ["seg-a", "seg-b", "seg-c"],
    [
      { text: "Trams run on rails.", citations: [0, 2] },
      { text: "They are electric.", citations: [] },
      { text: "Most cities had them.", citations: [1] },
    ],
  ),
  answer("bm25-gpt", "t2", ["seg-c"], [{ text: "A second topic.", citations: [0] }]),
  // the 2025 layout: the run and topic in "metadata"
  {
    metadata: { team_id: "x", run_id: "dense-llama", topic_id: "t1", topic: "What is t1?" },
    references: ["seg-b"],
    answer: [{ text: "Trams are streetcars.", citations: [0] }],
  },
);

const newStudy = async () => (await upsertStudy(await getDb(), { slug: `rag-${unique()}`, name: "RAG answers" })).id;
const importAnswers = (studyId: number, text: string, createMissing = true) =>
  importIntoStudy(studyId, {
    format: "trec-rag-answers",
    files: [textInput("answers.jsonl", text)],
    createMissing,
  });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("imported");
    },
    (error: { details?: { errors?: string[] } }) => error.details?.errors ?? [],
  );

/** A study's answers as plain rows: run, topic, text, sentences, length and citations (marker, segment). */
async function answersOf(studyId: number) {
  const db = await getDb();
  const responses = await db.response.findMany({
    where: { studyId },
    include: {
      system: true,
      query: true,
      citations: { orderBy: { marker: "asc" }, include: { document: true } },
    },
    orderBy: [{ system: { name: "asc" } }, { query: { externalId: "asc" } }],
  });
  return responses.map((r) => ({
    run: r.system.name,
    topic: r.query.externalId,
    text: r.text,
    sentences: r.sentences === null ? null : (JSON.parse(r.sentences) as unknown),
    responseLength: r.responseLength,
    citations: r.citations.map((c) => [c.marker, c.document.externalId]),
  }));
}

describe("TREC RAG answers", () => {
  let studyId: number;
  beforeAll(async () => {
    studyId = await newStudy();
  });

  it("refuses segments the study lacks unless told to create them, naming line and field, and changes nothing", async () => {
    expect(await refusal(importAnswers(studyId, ANSWERS, false))).toEqual([
      'answers.jsonl line 1, field references[0]: unknown document "seg-a" (import the corpus first)',
      'answers.jsonl line 1, field references[1]: unknown document "seg-b" (import the corpus first)',
      'answers.jsonl line 1, field references[2]: unknown document "seg-c" (import the corpus first)',
      'answers.jsonl line 2, field references[0]: unknown document "seg-c" (import the corpus first)',
      'answers.jsonl line 3, field references[0]: unknown document "seg-b" (import the corpus first)',
    ]);
    const db = await getDb();
    expect(await db.query.count({ where: { studyId } })).toBe(0);
    expect(await db.system.count({ where: { studyId } })).toBe(0);
  });

  it("imports many runs from one file: a system per run, each answer's sentences and its references as citations", async () => {
    await importAnswers(studyId, ANSWERS);
    expect(await answersOf(studyId)).toEqual([
      {
        run: "bm25-gpt",
        topic: "t1",
        text: "Trams run on rails. [1][3] They are electric. Most cities had them. [2]",
        sentences: [
          { text: "Trams run on rails.", citations: [0, 2] },
          { text: "They are electric.", citations: [] },
          { text: "Most cities had them.", citations: [1] },
        ],
        responseLength: 12,
        citations: [
          [1, "seg-a"],
          [2, "seg-b"],
          [3, "seg-c"],
        ],
      },
      {
        run: "bm25-gpt",
        topic: "t2",
        text: "A second topic. [1]",
        sentences: [{ text: "A second topic.", citations: [0] }],
        responseLength: 12,
        citations: [[1, "seg-c"]],
      },
      {
        run: "dense-llama",
        topic: "t1",
        text: "Trams are streetcars. [1]",
        sentences: [{ text: "Trams are streetcars.", citations: [0] }],
        responseLength: null,
        citations: [[1, "seg-b"]],
      },
    ]);
    const db = await getDb();
    const questions = await db.query.findMany({ where: { studyId }, orderBy: { externalId: "asc" } });
    expect(questions.map((q) => [q.externalId, q.body])).toEqual([
      ["t1", "What is t1?"],
      ["t2", "What is t2?"],
    ]);
    // the segments it created have no text yet: a later corpus import fills them in
    expect(await db.document.findMany({ where: { studyId }, select: { externalId: true, text: true } })).toEqual(
      expect.arrayContaining([{ externalId: "seg-a", text: "" }]),
    );
  });

  it("replaces a re-imported answer whole, its citations with it, and keeps a question's own text", async () => {
    const db = await getDb();
    await db.query.updateMany({ where: { studyId, externalId: "t1" }, data: { body: "What are trams?" } });
    await importAnswers(
      studyId,
      jsonl(answer("bm25-gpt", "t1", ["seg-c"], [{ text: "Shorter now.", citations: [0] }], { topic: "Other text" })),
    );
    const [first] = await answersOf(studyId);
    expect(first).toEqual({
      run: "bm25-gpt",
      topic: "t1",
      text: "Shorter now. [1]",
      sentences: [{ text: "Shorter now.", citations: [0] }],
      responseLength: 12,
      citations: [[1, "seg-c"]],
    });
    expect((await db.query.findFirstOrThrow({ where: { studyId, externalId: "t1" } })).body).toBe("What are trams?");
  });

  it("refuses a citation out of range, a bad length and a run answering a topic twice, with line and field", async () => {
    const before = await answersOf(studyId);
    expect(
      await refusal(
        importAnswers(
          studyId,
          jsonl(
            answer("r", "t1", ["seg-a", "seg-b"], [{ text: "x", citations: [0, 2] }]),
            answer("r", "t2", [], [{ text: "y", citations: [0] }]),
            answer("r", "t1", ["seg-a"], [{ text: "z", citations: [0.5] }]),
            answer("r", "t3", ["seg-a"], [{ text: "w" }], { response_length: -1 }),
            answer("r", "t3", ["seg-a"], [{ text: "w" }]),
            answer("r", "t3", ["seg-a"], [{ text: "w" }]),
          ),
        ),
      ),
    ).toEqual([
      "answers.jsonl line 1, field answer[0].citations[1]: cites reference 2, but the answer has 2 (indices 0 to 1)",
      "answers.jsonl line 2, field answer[0].citations[0]: cites reference 0, but the answer has no references",
      "answers.jsonl line 3, field answer[0].citations[0]: expected an index into references, got 0.5",
      "answers.jsonl line 4, field response_length: expected a whole number of at least 0, got -1",
      'answers.jsonl line 6: duplicate answer of run "r" to topic "t3": also at answers.jsonl line 5',
    ]);
    expect(await answersOf(studyId)).toEqual(before);
  });

  it("travels in a study bundle into another study: sentences, length and citations", async () => {
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += `${text}\n`;
    const other = await newStudy();
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("study.assay.jsonl", bundle)] });
    expect(await answersOf(other)).toEqual(await answersOf(studyId));
  });

  it("refuses a bundle whose sentence cites a reference it has no citation for", async () => {
    const record = {
      type: "response",
      system: "bm25-gpt",
      query: "t1",
      text: "x",
      citations: [{ marker: 1, doc: "seg-a" }],
      sentences: [{ text: "x", citations: [1] }],
    };
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    const head: string[] = [];
    for await (const text of lines) head.push(...text.split("\n").filter((l) => !l.includes('"type":"response"')));
    const other = await newStudy();
    const errors = await refusal(
      importIntoStudy(other, {
        format: "assay-bundle",
        files: [textInput("study.assay.jsonl", [...head, JSON.stringify(record)].join("\n") + "\n")],
      }),
    );
    expect(errors).toEqual([
      `study.assay.jsonl line ${head.length + 1}, field sentences: a sentence cites reference 1, which has no citation [2]`,
    ]);
  });
});
