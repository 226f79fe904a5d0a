// Malformed input of every kind: a clear message naming file, line and field, and nothing changes.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { withBulkTransaction } from "@/lib/server/db/transactions";
import { AppError } from "@/lib/server/errors";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { importIntoStudy, type ImportRequest } from "./import-into-study";
import { studyCounts } from "@/lib/server/db/study-counts";

let studyId: number;
beforeAll(async () => {
  studyId = (await upsertStudy(await getDb(), { slug: `rejects-${unique()}`, name: "Rejects" })).id;
  await importIntoStudy(studyId, {
    format: "beir-queries",
    files: [textInput("queries.tsv", "q1\tFirst?\nq2\tSecond?\n")],
  });
  await importIntoStudy(studyId, { format: "beir-corpus", files: [textInput("corpus.tsv", "d1\tone\nd2\ttwo\n")] });
});

const counts = () => withBulkTransaction((connection) => studyCounts(connection, studyId));

async function rejected(request: ImportRequest) {
  const before = await counts();
  const error = await importIntoStudy(studyId, request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(await counts()).toEqual(before);
  const { code, message, details } = error as AppError;
  return { code, message, ...(details as { errors: string[]; errorCount: number; hint: string | null }) };
}

const qrels = (text: string): ImportRequest => ({
  format: "trec-qrels",
  judge: "j",
  scale: "graded-0-2",
  files: [textInput("x.qrels", text)],
});

describe("rejected imports change nothing", () => {
  it("wrong column count, with the line", async () => {
    const r = await rejected(qrels("q1 0 d1 1\nq1 0 d2\n"));
    expect(r.errors).toEqual(["x.qrels line 2: expected 4 columns (qid 0 docid rel), found 3"]);
    expect(r.message).toBe(
      "Nothing was imported: 1 error. x.qrels line 2: expected 4 columns (qid 0 docid rel), found 3",
    );
  });

  it("unknown query and document ids, with the field", async () => {
    const r = await rejected(qrels("q1 0 d1 1\nq9 0 d1 1\nq1 0 d9 1\n"));
    expect(r.errors).toEqual([
      'x.qrels line 2, field qid: unknown query "q9" (import the queries first)',
      'x.qrels line 3, field docid: unknown document "d9" (import the corpus first)',
    ]);
    // how to create them is said once, in the words of the surface the import came from
    expect(r.message).toBe(
      'Nothing was imported: 2 errors. x.qrels line 2, field qid: unknown query "q9" (import the queries first). To create the queries and documents the file names but the study lacks, import again with --create-missing.',
    );
    const web = await rejected({ ...qrels("q9 0 d1 1\n"), surface: "web" });
    expect(web.hint).toBe(
      "To create the queries and documents the file names but the study lacks, tick “Create missing queries and documents” and import again.",
    );
  });

  it("a group for an unknown request", async () => {
    const r = await rejected({
      format: "feb4rag-request-sources",
      files: [textInput("rid_mapping.tsv", "q1\tnq\tX\nq7\tnq\tY\n")],
    });
    expect(r.errors).toEqual(['rid_mapping.tsv line 2, field rid: unknown query "q7" (import the queries first)']);
  });

  it("a value outside the scale", async () => {
    const r = await rejected(qrels("q1 0 d1 7\n"));
    expect(r.errors).toEqual(['x.qrels line 1, field rel: "7" is not a level of the scale graded-0-2 (0, 1, 2)']);
  });

  it("duplicate keys, naming the earlier line", async () => {
    const r = await rejected(qrels("q1 0 d1 1\nq1 0 d2 0\nq1 0 d1 2\n"));
    expect(r.errors).toEqual(["x.qrels line 3: duplicate judgment of q1 / d1: also at x.qrels line 1"]);
    const docs = await rejected({ format: "beir-corpus", files: [textInput("c.tsv", "d3\tthree\nd3\tagain\n")] });
    expect(docs.errors).toEqual(['c.tsv line 2: duplicate document id "d3": also at c.tsv line 1']);
    // a run listing a document twice for a query: beside it, after other queries, or in a second file
    const runs = await rejected({
      format: "trec-run",
      files: [
        textInput("a.run", "q1 Q0 d1 1 2 bm25\nq1 Q0 d1 2 1 bm25\nq1 Q0 d2 1 2 dense\nq1 Q0 d2 3 1 bm25\n"),
        textInput("b.run", "q1 Q0 d2 1 2 dense\n"),
      ],
    });
    expect(runs.errors).toEqual([
      "a.run line 2: duplicate ranking of d1 for q1 by bm25: also at a.run line 1",
      "b.run line 1: duplicate ranking of d2 for q1 by dense: also at a.run line 3",
    ]);
  });

  it("bad and truncated JSON", async () => {
    const r = await rejected({
      format: "beir-queries",
      files: [textInput("q.jsonl", '{"_id": "q3", "text": "ok"}\n{"_id": "q4", "tex\nnot json\n')],
    });
    expect(r.errorCount).toBe(2);
    expect(r.errors[0]).toMatch(/^q\.jsonl line 2: invalid JSON .*; is the line truncated\?$/);
    expect(r.errors[1]).toMatch(/^q\.jsonl line 3: invalid JSON/);
  });

  it("a file that is not UTF-8", async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode("d5\tfine\nd6\tcaf"), 0xe9, 0x0a]);
    const r = await rejected({ format: "beir-corpus", files: [textInput("latin1.tsv", latin1)] });
    expect(r.errors).toEqual(["latin1.tsv line 2: not valid UTF-8 text (save the file as UTF-8)"]);
  });

  it("an empty file, and a CSV with only its header", async () => {
    expect((await rejected({ format: "beir-corpus", files: [textInput("empty.tsv", "")] })).errors).toEqual([
      "empty.tsv line 1: the file is empty",
    ]);
    const csv = await rejected({
      format: "labels-csv",
      scale: "binary",
      files: [textInput("l.csv", "item,judge,label\n")],
    });
    expect(csv.errors).toEqual(["l.csv line 1: the file has no rows"]);
  });

  it("a NUL character or an integer past 32 bits, which PostgreSQL cannot store, on either engine", async () => {
    const nul = "contains the NUL character (U+0000), which the database cannot store";
    const escaped = JSON.stringify({
      query_id: "q8",
      query_text: "?",
      nuggets: [{ _id: "q8_1", text: "a\u0000b", relevant_corpus_ids: ["d1"] }],
    });
    const json = await rejected({ format: "freshstack-queries", files: [textInput("fs.jsonl", `${escaped}\n`)] });
    expect(json.errors).toEqual([`fs.jsonl line 1, field nuggets[0].text: ${nul}`]);
    const raw = await rejected({ format: "beir-corpus", files: [textInput("c.tsv", "d7\tfine\nd8\tbad\u0000text\n")] });
    expect(raw.errors).toEqual([`c.tsv line 2: ${nul} (character 7); is it a binary file?`]);
    const run = await rejected({ format: "trec-run", files: [textInput("r.run", "q1 Q0 d1 2147483648 2.0 bm25\n")] });
    expect(run.errors).toEqual([
      "r.run line 1, field rank: must be between -2147483647 and 2147483647, got 2147483648",
    ]);
  });

  it("a FreshStack nugget citing an unknown chunk", async () => {
    const line = JSON.stringify({
      query_id: "q7",
      query_text: "?",
      nuggets: [{ _id: "q7_1", text: "n", relevant_corpus_ids: ["nope"] }],
    });
    const r = await rejected({ format: "freshstack-queries", files: [textInput("fs.jsonl", `${line}\n`)] });
    expect(r.errors).toEqual([
      'fs.jsonl line 1, field nuggets[0].relevant_corpus_ids: unknown document "nope" (import the corpus first)',
    ]);
  });

  it("reports the first 50 errors and the total, and rolls back rows written before the first error", async () => {
    const good = Array.from({ length: 600 }, (_, i) => `n${i}\ttext ${i}`).join("\n");
    const badLines = Array.from({ length: 70 }, () => "no-tab-here").join("\n");
    const r = await rejected({ format: "beir-corpus", files: [textInput("big.tsv", `${good}\n${badLines}\n`)] });
    expect(r.errorCount).toBe(70);
    expect(r.errors).toHaveLength(50);
    expect(r.errors[0]).toBe("big.tsv line 601: expected an id, a tab, then the text");
    expect(r.message).toMatch(/^Nothing was imported: 70 errors \(showing the first 50\)\./);
  });

  it("an unknown format, a missing judge or scale, and an unknown scale", async () => {
    expect((await rejected({ format: "nope", files: [textInput("a", "x")] })).message).toMatch(
      /^unknown format "nope" \(one of /,
    );
    expect((await rejected({ format: "trec-qrels", scale: "binary", files: [textInput("a", "x")] })).message).toMatch(
      /needs a judge/,
    );
    expect((await rejected({ format: "trec-qrels", judge: "j", files: [textInput("a", "x")] })).message).toMatch(
      /needs a scale/,
    );
    expect(
      (await rejected({ format: "trec-qrels", judge: "j", scale: "stars", files: [textInput("a", "x")] })).message,
    ).toMatch(/unknown scale "stars"/);
  });

  it("a field or a line over the size limit, with the field, unless the setting raises it", async () => {
    process.env.ASSAY_IMPORT_MAX_FIELD_BYTES = "1000";
    try {
      const big = "é".repeat(600); // 1,200 bytes
      const r = await rejected({
        format: "beir-corpus",
        files: [
          textInput(
            "corpus.jsonl",
            `${JSON.stringify({ _id: "d3", text: "fine" })}\n${JSON.stringify({ _id: "d4", title: "t", text: big })}\n`,
          ),
        ],
      });
      expect(r.errors).toEqual([
        "corpus.jsonl line 2, field text: is 1,200 bytes, more than the 1,000 a field may hold (ASSAY_IMPORT_MAX_FIELD_BYTES raises it)",
      ]);
      // a line past eight times the limit (and a little) is not read whole
      const huge = await rejected({
        format: "beir-corpus",
        files: [textInput("corpus.jsonl", `${JSON.stringify({ _id: "d5", text: "x".repeat(80_000) })}\n`)],
      });
      expect(huge.errors).toEqual([
        "corpus.jsonl line 1: the line is longer than 73,536 characters: ASSAY_IMPORT_MAX_FIELD_BYTES raises it",
      ]);
      process.env.ASSAY_IMPORT_MAX_FIELD_BYTES = "2000";
      await importIntoStudy(studyId, {
        format: "beir-corpus",
        files: [textInput("corpus.jsonl", `${JSON.stringify({ _id: "d4", title: "t", text: big })}\n`)],
      });
    } finally {
      delete process.env.ASSAY_IMPORT_MAX_FIELD_BYTES;
    }
  });
});
