// The parsers on the real benchmark files in ../shared/data (see its SOURCES.md).
import { describe, expect, it } from "vitest";
import { parseCorpusTsvLine, parseQueriesJsonlLine, parseQueriesTsvLine } from "./beir";
import { FEB4RAG_ENGINES, feb4ragLabelParser, parseFeb4ragSelectionLine } from "./feb4rag";
import { SHARED_DATA, parseFile } from "@/test/parse-file";
import { parseQrelLine } from "./trec";

const countBy = <T>(rows: T[], key: (row: T) => string) =>
  rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [key(r)]: (acc[key(r)] ?? 0) + 1 }), {});

describe("NovelEval", () => {
  it("reads 21 queries, 420 passages (one with tabs in its text) and 290/40/90 labels", async () => {
    const queries = await parseFile(`${SHARED_DATA}noveleval/queries.tsv`, parseQueriesTsvLine);
    const corpus = await parseFile(`${SHARED_DATA}noveleval/corpus.tsv`, parseCorpusTsvLine);
    const qrels = await parseFile(`${SHARED_DATA}noveleval/qrels.txt`, parseQrelLine);
    expect([queries.errors, corpus.errors, qrels.errors]).toEqual([[], [], []]);
    expect(queries.rows).toHaveLength(21);
    expect(corpus.rows).toHaveLength(420);
    expect(corpus.rows.find((d) => d.id === "14-17")?.text.split("\t").length).toBeGreaterThan(3);
    expect(countBy(qrels.rows, (r) => r.value)).toEqual({ "0": 290, "1": 40, "2": 90 });
  });

  it("reads the texts it quotes the CSV way as Python's csv.reader(delimiter='\\t') does", async () => {
    const corpus = await parseFile(`${SHARED_DATA}noveleval/corpus.tsv`, parseCorpusTsvLine);
    const text = (id: string) => corpus.rows.find((d) => d.id === id)!.text;
    expect(text("11-0")).toMatch(/^"Middle Ground" is a song by American pop rock band Maroon 5\./);
    expect(text("0-4")).toMatch(/^"The exact number\? Oh boy, we kept adding,/);
    // Python's reader, run on the file while this was written: 379,560 characters in all the texts
    // (a text with tabs joined back with its tabs), 79 of them with a quote left in
    expect(corpus.rows.reduce((n, d) => n + [...d.text].length, 0)).toBe(379_560); // code points, as Python counts
    expect(corpus.rows.filter((d) => d.text.includes('"'))).toHaveLength(79);
  });
});

describe("FeB4RAG", () => {
  it("reads 790 requests and 126,400 fused labels in 16 engine blocks of 7,900", async () => {
    const requests = await parseFile(`${SHARED_DATA}feb4rag/requests.jsonl`, parseQueriesJsonlLine);
    const labels = await parseFile(`${SHARED_DATA}feb4rag/BEIR-QRELS-RM.txt`, feb4ragLabelParser());
    expect([requests.errors, labels.errors]).toEqual([[], []]);
    expect(requests.rows).toHaveLength(790);
    expect(labels.rows).toHaveLength(126_400);
    const perEngine = countBy(labels.rows, (r) => r.engine);
    expect(Object.keys(perEngine)).toEqual([...FEB4RAG_ENGINES]);
    expect(new Set(Object.values(perEngine))).toEqual(new Set([7900]));
    expect(countBy(labels.rows, (r) => r.value)).toEqual({ "0": 75_787, "1": 43_167, "2": 7_040, "3": 406 });
    // Ids from engines' own collections: the first block is arguana's, the ninth nfcorpus's.
    expect(labels.rows[0]).toMatchObject({ engine: "arguana", docId: "training-health-hgwhwbutffs-con02b" });
    expect(labels.rows[8 * 7900]).toMatchObject({ engine: "nfcorpus", docId: expect.stringMatching(/^MED-/) });
  });

  it("reads the 80 human preference selections", async () => {
    const selections = await parseFile(`${SHARED_DATA}feb4rag/selections.jsonl`, parseFeb4ragSelectionLine);
    expect(selections.errors).toEqual([]);
    expect(selections.rows).toHaveLength(80);
    expect(selections.rows.flatMap((r) => r.choices)).toHaveLength(320);
  });
});
