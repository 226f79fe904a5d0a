// The nuggets export: every question's list as nuggetizer's nuggets JSONL, which imports back as the
// same lists (into a study with the same questions and no nuggets), on the engine under test.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { jsonl, textInput } from "@/test/import-inputs";
import { exportStudy } from "./export-study";

const question = (id: string, text: string, nuggets: string[]) => ({
  query_id: id,
  query_title: text,
  query_text: text,
  answer_id: `a-${id}`,
  answer_text: "",
  nuggets: nuggets.map((n, i) => ({
    _id: `${id}_${i + 1}`,
    text: n,
    relevant_corpus_ids: [],
    non_relevant_corpus_ids: [],
  })),
  metadata: {},
});

async function studyWith(questions: object[]): Promise<number> {
  const studyId = (await upsertStudy(await getDb(), { slug: `nuggets-out-${unique()}`, name: "Nuggets out" })).id;
  await importIntoStudy(studyId, {
    format: "freshstack-queries",
    files: [textInput("queries.jsonl", jsonl(...questions))],
  });
  return studyId;
}
const importNuggets = (studyId: number, text: string) =>
  importIntoStudy(studyId, { format: "nuggetizer-nuggets", files: [textInput("nuggets.jsonl", text)] });

async function exported(studyId: number): Promise<{ fileName: string; lines: string[] }> {
  const { fileName, lines } = await exportStudy(studyId, { what: "nuggets", format: "nuggetizer-nuggets" });
  const out: string[] = [];
  for await (const text of lines) out.push(...text.split("\n"));
  return { fileName, lines: out };
}

describe("nuggets export (nuggetizer's nuggets JSONL)", () => {
  it("writes each question's nuggets in order, ungraded ones as okay, and imports back as the same lists", async () => {
    const questions = [
      question("q2", "How does a tram draw power?", ["An overhead wire", "The rails return it"]),
      question("q1", 'Why "remove" trams?', ["Buses were cheaper", "Cars\tcrowded the streets"]),
      question("q3", "No nuggets here?", []),
    ];
    const studyId = await studyWith(questions);
    // q1's nuggets not graded yet: written as okay, as nuggetizer counts every nugget but a vital one
    expect((await exported(studyId)).lines).toEqual([
      JSON.stringify({
        qid: "q1",
        query: 'Why "remove" trams?',
        nuggets: [
          { text: "Buses were cheaper", importance: "okay" },
          { text: "Cars\tcrowded the streets", importance: "okay" },
        ],
      }),
      JSON.stringify({
        qid: "q2",
        query: "How does a tram draw power?",
        nuggets: [
          { text: "An overhead wire", importance: "okay" },
          { text: "The rails return it", importance: "okay" },
        ],
      }),
    ]);
    await importNuggets(
      studyId,
      jsonl(
        { qid: "q1", query: "", nuggets: [{ text: "Cars\tcrowded the streets", importance: "vital" }] },
        {
          qid: "q2",
          query: "",
          nuggets: [
            { text: "The rails return it", importance: "okay" },
            { text: "An overhead wire", importance: "vital" },
            { text: "  A pantograph touches the wire ", importance: "vital" },
          ],
        },
      ),
    );
    const { fileName, lines } = await exported(studyId);
    expect(fileName).toMatch(/^nuggets-out-.*-nuggets\.jsonl$/);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        qid: "q1",
        query: 'Why "remove" trams?',
        nuggets: [
          { text: "Buses were cheaper", importance: "okay" },
          { text: "Cars\tcrowded the streets", importance: "vital" },
        ],
      },
      {
        qid: "q2",
        query: "How does a tram draw power?",
        nuggets: [
          { text: "An overhead wire", importance: "vital" },
          { text: "The rails return it", importance: "okay" },
          { text: "A pantograph touches the wire", importance: "vital" },
        ],
      },
    ]);

    // the same questions with no nuggets: the file gives them the same lists, which export the same
    const copy = await studyWith(questions.map((q) => ({ ...q, nuggets: [] })));
    await importNuggets(copy, `${lines.join("\n")}\n`);
    expect((await exported(copy)).lines).toEqual(lines);
    const db = await getDb();
    const q2 = await db.query.findFirstOrThrow({ where: { studyId: copy, externalId: "q2" } });
    expect(
      (await db.nugget.findMany({ where: { queryId: q2.id }, orderBy: { position: "asc" } })).map((n) => [
        n.externalId,
        n.position,
        n.importance,
      ]),
    ).toEqual([
      ["q2_1", 1, "vital"],
      ["q2_2", 2, "okay"],
      ["q2_3", 3, "vital"],
    ]);
  });

  it("reads questions a chunk at a time: 1,201 questions, every line once, sorted by question id", async () => {
    const ids = Array.from({ length: 1201 }, (_, i) => `topic-${i}`);
    const studyId = await studyWith(ids.map((id) => question(id, `Question ${id}?`, [`fact of ${id}`, "shared"])));
    const { lines } = await exported(studyId);
    const qids = lines.map((l) => (JSON.parse(l) as { qid: string }).qid);
    expect(qids).toEqual([...ids].sort());
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      qid: "topic-999",
      query: "Question topic-999?",
      nuggets: [
        { text: "fact of topic-999", importance: "okay" },
        { text: "shared", importance: "okay" },
      ],
    });
  });

  it("refuses a study with no nuggets, before any line", async () => {
    const studyId = await studyWith([question("q1", "Alone?", [])]);
    const error = await exportStudy(studyId, { what: "nuggets", format: "nuggetizer-nuggets" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("this study has no nuggets to export as nuggetizer-nuggets");
    const wrong = await exportStudy(studyId, { what: "nuggets", format: "jsonl" }).catch((e: unknown) => e);
    expect((wrong as AppError).message).toBe('nuggets export as nuggetizer-nuggets, not "jsonl"');
  });
});
