// nuggetizer's nuggets file (TREC RAG): importance for the nuggets a question has, matched by text,
// new nuggets after the others, a new list version only when the list changed, all or nothing.
import { nuggetVersionOf } from "@/test/nugget-versions";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { jsonl, textInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

let studyId: number;

const QUERIES = jsonl(
  {
    query_id: "q1",
    query_title: "Retry?",
    query_text: "How do I retry?",
    answer_id: "a1",
    answer_text: "Use retry().",
    nuggets: [
      { _id: "q1_1", text: "retry() retries", relevant_corpus_ids: [], non_relevant_corpus_ids: [] },
      { _id: "q1_2", text: "docs explain it", relevant_corpus_ids: [], non_relevant_corpus_ids: [] },
    ],
    metadata: {},
  },
  {
    query_id: "q2",
    query_title: "Other",
    query_text: "Other?",
    answer_id: "a2",
    answer_text: "",
    nuggets: [],
    metadata: {},
  },
  {
    query_id: "q3",
    query_title: "Third",
    query_text: "Third?",
    answer_id: "a3",
    answer_text: "",
    nuggets: [],
    metadata: {},
  },
  {
    query_id: "q4",
    query_title: "Fourth",
    query_text: "Fourth?",
    answer_id: "a4",
    answer_text: "",
    nuggets: [],
    metadata: {},
  },
);

const nuggetsOf = async (queryExternalId: string) => {
  const db = await getDb();
  const query = await db.query.findFirstOrThrow({ where: { studyId, externalId: queryExternalId } });
  const nuggets = await db.nugget.findMany({ where: { queryId: query.id }, orderBy: { position: "asc" } });
  return {
    version: await nuggetVersionOf(db, query.id),
    nuggets: nuggets.map((n) => [n.externalId, n.position, n.text, n.importance]),
  };
};
const importNuggets = (text: string) =>
  importIntoStudy(studyId, { format: "nuggetizer-nuggets", files: [textInput("nuggets.jsonl", text)] });

beforeAll(async () => {
  studyId = (await upsertStudy(await getDb(), { slug: `graded-${unique()}`, name: "Graded nuggets" })).id;
  await importIntoStudy(studyId, { format: "freshstack-queries", files: [textInput("queries.jsonl", QUERIES)] });
});

describe("nuggetizer nuggets", () => {
  it("grades the nuggets a question has by text, adds the new ones after them, and raises the list's version", async () => {
    await importNuggets(
      jsonl(
        {
          qid: "q1",
          query: "How do I retry?",
          nuggets: [
            { text: " docs explain it ", importance: "okay" },
            { text: "retry() retries", importance: "vital" },
            { text: "backoff doubles", importance: "vital" },
          ],
        },
        { qid: "q2", query: "Other?", nuggets: [{ text: "a first fact", importance: "okay" }] },
      ),
    );
    expect(await nuggetsOf("q1")).toEqual({
      version: 2,
      nuggets: [
        ["q1_1", 1, "retry() retries", "vital"],
        ["q1_2", 2, "docs explain it", "okay"],
        ["q1_3", 3, "backoff doubles", "vital"],
      ],
    });
    // a question's first nuggets are its first list
    expect(await nuggetsOf("q2")).toEqual({ version: 1, nuggets: [["q2_1", 1, "a first fact", "okay"]] });
  });

  it("changes nothing when imported again, and a new version when only an importance changes", async () => {
    const again = jsonl({
      qid: "q1",
      nuggets: [
        { text: "docs explain it", importance: "okay" },
        { text: "retry() retries", importance: "vital" },
        { text: "backoff doubles", importance: "vital" },
      ],
    });
    await importNuggets(again);
    expect((await nuggetsOf("q1")).version).toBe(2);
    await importNuggets(
      again.replace('"backoff doubles","importance":"vital"', '"backoff doubles","importance":"okay"'),
    );
    expect(await nuggetsOf("q1")).toMatchObject({
      version: 3,
      nuggets: expect.arrayContaining([["q1_3", 3, "backoff doubles", "okay"]]),
    });
  });

  it("names a new nugget with an id no nugget of the study has, never grading another question's", async () => {
    // q4's nugget has the id q3's first nugget would get (a study bundle may carry any ids)
    const db = await getDb();
    const fourth = await db.query.findFirstOrThrow({ where: { studyId, externalId: "q4" } });
    const set = await db.nuggetSet.findFirstOrThrow({ where: { studyId }, orderBy: { id: "asc" } });
    await db.nugget.create({
      data: { studyId, setId: set.id, queryId: fourth.id, externalId: "q3_1", position: 1, text: "a fact of q4" },
    });
    const q4 = await nuggetsOf("q4");
    await importNuggets(jsonl({ qid: "q3", nuggets: [{ text: "a new fact", importance: "vital" }] }));
    expect(await nuggetsOf("q3")).toEqual({ version: 1, nuggets: [["q3_1_2", 1, "a new fact", "vital"]] });
    expect(await nuggetsOf("q4")).toEqual(q4);
    expect(q4.nuggets).toEqual([["q3_1", 1, "a fact of q4", null]]);
  });

  it("refuses an unknown question, a repeated text or a bad importance, naming the line, and changes nothing", async () => {
    const before = await nuggetsOf("q1");
    const refused = (text: string) =>
      importNuggets(text).then(
        () => {
          throw new Error("imported");
        },
        (error: { details?: { errors?: string[] } }) => error.details?.errors ?? [],
      );
    expect(
      await refused(
        jsonl(
          { qid: "q1", nuggets: [{ text: "a new one", importance: "vital" }] },
          { qid: "q9", nuggets: [{ text: "x", importance: "vital" }] },
          {
            qid: "q2",
            nuggets: [
              { text: "y", importance: "vital" },
              { text: "y", importance: "okay" },
            ],
          },
          { qid: "q2", nuggets: [{ text: "z", importance: "high" }] },
        ),
      ),
    ).toEqual([
      // a line's own errors as it is read, then what the study lacks when its batch is written
      "nuggets.jsonl line 3, field nuggets[1].text: repeats the text of nuggets[0]",
      'nuggets.jsonl line 4, field nuggets[0].importance: expected one of vital, okay, got "high"',
      'nuggets.jsonl line 2, field qid: the study has no question "q9": import its questions first',
    ]);
    expect(await nuggetsOf("q1")).toEqual(before);
  });
});
