import { describe, expect, it } from "vitest";
import { parseCorpusTsvLine, parseQueriesJsonlLine, parseQueriesTsvLine } from "./beir";
import { csvLine, labelsCsvParser, splitCsvItem, splitCsvLine } from "./csv";
import { feb4ragLabelParser, parseFeb4ragRequestSourceLine, parseFeb4ragSelectionLine } from "./feb4rag";
import { parseFreshStackCorpusLine, parseFreshStackQueryLine, repoAndPath } from "./freshstack";
import { parsePairwiseLine } from "./pairwise";
import { parseNuggetQrelLine, parseQrelLine, parseRunLine } from "./trec";

describe("TREC", () => {
  it("parses qrels with 0 or Q0 and rejects a wrong column count", () => {
    expect(parseQrelLine("q1 Q0 d/1.py_0_9 2", 1)).toEqual({
      row: { kind: "qrel", queryId: "q1", docId: "d/1.py_0_9", value: "2" },
    });
    expect(parseQrelLine("q1 0 d1", 7)).toEqual({
      error: { line: 7, message: "expected 4 columns (qid 0 docid rel), found 3" },
    });
    expect(parseQrelLine("   ", 2)).toBeNull();
  });

  it("parses nugget qrels", () => {
    expect(parseNuggetQrelLine("q1 q1_2 d9 1", 1)).toEqual({
      row: { kind: "nugget-qrel", queryId: "q1", nuggetId: "q1_2", docId: "d9", value: "1" },
    });
  });

  it("takes the last three run fields as rank, score and tag, so ids may contain spaces", () => {
    expect(parseRunLine("q1 Q0 docs/My File.md_0_10 3 12.5 bm25", 1)).toEqual({
      row: { kind: "run", system: "bm25", queryId: "q1", docId: "docs/My File.md_0_10", rank: 3, score: 12.5 },
    });
    expect(parseRunLine("q1 Q0 d1 x 1.0 bm25", 4)).toEqual({
      error: { line: 4, field: "rank", message: 'expected an integer, got "x"' },
    });
    expect(parseRunLine("q1 Q0 d1 1 NaN bm25", 5)).toEqual({
      error: { line: 5, field: "score", message: 'expected a number, got "NaN"' },
    });
    expect(parseRunLine("q1 Q0 d1 1 2.0", 6)).toMatchObject({ error: { line: 6, message: /expected 6 columns/ } });
  });
});

describe("BEIR", () => {
  it("splits a TSV corpus line on the first tab only", () => {
    expect(parseCorpusTsvLine("14-17\tPlayer\tClub\tSalary", 1)).toMatchObject({
      row: { id: "14-17", text: "Player\tClub\tSalary" },
    });
    expect(parseCorpusTsvLine("no tab here", 3)).toEqual({
      error: { line: 3, message: "expected an id, a tab, then the text" },
    });
  });

  it("reads a quoted TSV text by CSV rules, and leaves any other text as it is", () => {
    const text = (line: string) => (parseCorpusTsvLine(line, 1) as { row: { text: string } }).row.text;
    expect(text('d1\t"""Middle Ground"" is a song"')).toBe('"Middle Ground" is a song');
    expect(text('d1\t"quoted, with\ta tab"')).toBe("quoted, with\ta tab");
    expect(text('d1\t"Hello" she said')).toBe("Hello she said"); // what follows the closing quote is kept
    expect(text('d1\tplain "quotes" stay')).toBe('plain "quotes" stay');
    expect(text('d1\t""')).toBe("");
    expect(parseCorpusTsvLine('d1\t"never closed', 4)).toEqual({
      error: {
        line: 4,
        field: "text",
        message: "begins with a double quote but never closes it (inside a quoted text, a quote is written twice)",
      },
    });
    expect((parseQueriesTsvLine('q1\t"Who said ""no""?"', 1) as { row: { body: string } }).row.body).toBe(
      'Who said "no"?',
    );
  });

  it("reads JSONL queries and reports bad JSON and missing fields", () => {
    expect(parseQueriesJsonlLine('{"_id": 7, "text": "Why?", "metadata": {}}', 1)).toMatchObject({
      row: { id: "7", body: "Why?" },
    });
    expect(parseQueriesJsonlLine('{"_id": "7", "text": "Wh', 2)).toMatchObject({
      error: { line: 2, message: /invalid JSON.*truncated/ },
    });
    expect(parseQueriesJsonlLine('{"text": "Why?"}', 3)).toEqual({
      error: { line: 3, field: "_id", message: "missing" },
    });
    expect(parseQueriesJsonlLine("[1,2]", 4)).toEqual({ error: { line: 4, message: "expected a JSON object" } });
  });

  it("reads a record that has a key named error like any other (only a refusal is an error)", () => {
    expect(parseQueriesJsonlLine('{"_id": "q1", "text": "Why?", "error": null}', 5)).toMatchObject({
      row: { id: "q1", body: "Why?" },
    });
  });
});

describe("FreshStack", () => {
  const query = {
    query_id: "78254",
    query_title: "T",
    query_text: "Body",
    answer_id: "a1",
    answer_text: "Answer",
    nuggets: [
      { _id: "78254_1", text: "N1", relevant_corpus_ids: ["r/a.py_0_10"], non_relevant_corpus_ids: ["r/b.py_0_10"] },
    ],
    metadata: { tags: ["x"] },
  };

  it("reads a question with nuggets and support judgments", () => {
    expect(parseFreshStackQueryLine(JSON.stringify(query), 1)).toEqual({
      row: {
        kind: "nuggeted-query",
        query: {
          kind: "query",
          id: "78254",
          title: "T",
          body: "Body",
          answer: "Answer",
          metadata: { tags: ["x"], answer_id: "a1" },
        },
        nuggets: [{ id: "78254_1", text: "N1", supportedBy: ["r/a.py_0_10"], notSupportedBy: ["r/b.py_0_10"] }],
      },
    });
  });

  it("rejects a nugget of another query even when its id starts with this one (no prefix matching)", () => {
    const wrong = { ...query, query_id: "7825", nuggets: [{ ...query.nuggets[0], _id: "78254_1" }] };
    expect(parseFreshStackQueryLine(JSON.stringify(wrong), 9)).toEqual({
      error: { line: 9, field: "nuggets[0]._id", message: '"78254_1" is not "7825_<n>"' },
    });
  });

  it("derives repository and path from a corpus id", () => {
    expect(repoAndPath("angular/adev/src/app/app.component.ts_0_368")).toEqual({
      repo: "angular",
      path: "adev/src/app/app.component.ts",
    });
    expect(
      parseFreshStackCorpusLine(
        '{"_id": "langchain/docs/x.md_10_20", "title": "", "text": "t", "metadata": {"url": "u"}}',
        1,
      ),
    ).toMatchObject({
      row: { repo: "langchain", path: "docs/x.md", metadata: { url: "u" } },
    });
  });
});

describe("FeB4RAG", () => {
  it("takes the engine from the line's block", () => {
    const parse = feb4ragLabelParser(2);
    expect(parse("1 Q0 d1 3", 1)).toMatchObject({ row: { engine: "arguana", queryId: "1", docId: "d1", value: "3" } });
    expect(parse("1 Q0 d1 0", 3)).toMatchObject({ row: { engine: "scidocs" } });
    expect(parse("1 Q0 d1 0", 32)).toMatchObject({ row: { engine: "webis-touche2020" } });
    expect(parse("1 Q0 d1 0", 33)).toMatchObject({ error: { line: 33, message: /past the last engine's block/ } });
  });

  it("reads each request's source collection", () => {
    expect(parseFeb4ragRequestSourceLine("16\tnfcorpus\tPLAIN-2630", 1)).toEqual({
      row: { kind: "query-group", queryId: "16", group: "nfcorpus" },
    });
    expect(parseFeb4ragRequestSourceLine("16\tnfcorpus", 4)).toEqual({
      error: { line: 4, message: "expected 3 columns (rid source source_id), found 2" },
    });
  });

  it("reads selections in criterion order", () => {
    expect(
      parseFeb4ragSelectionLine('{"qid": "114", "chosen_sources": ["naive-fed", "none", "best-fed", "none"]}', 1),
    ).toEqual({
      row: {
        kind: "preference",
        queryId: "114",
        systemA: "best-fed",
        systemB: "naive-fed",
        choices: [
          { criterion: "coverage", value: "b" },
          { criterion: "consistency", value: "none" },
          { criterion: "correctness", value: "a" },
          { criterion: "clarity", value: "none" },
        ],
      },
    });
    expect(parseFeb4ragSelectionLine('{"qid": "1", "chosen_sources": ["best-fed", "x", "none", "none"]}', 2)).toEqual({
      error: { line: 2, field: "chosen_sources[1]", message: 'expected best-fed, naive-fed or none, got "x"' },
    });
  });
});

describe("pairwise responses", () => {
  const request = {
    request_id: "r1",
    request: "How?",
    responses: [
      { system: "a", text: "Do X [1].", citations: [{ marker: 1, doc_id: "d1", text: "X is done so." }] },
      { system: "b", text: "Do Y." },
    ],
  };

  it("reads a request with its responses and cited passages", () => {
    expect(parsePairwiseLine(JSON.stringify(request), 1)).toMatchObject({
      row: {
        query: { id: "r1", body: "How?" },
        responses: [
          { system: "a", citations: [{ marker: 1, docId: "d1", text: "X is done so." }] },
          { system: "b", citations: [] },
        ],
      },
    });
  });

  it("needs two responses from different systems", () => {
    expect(parsePairwiseLine(JSON.stringify({ ...request, responses: [request.responses[0]] }), 2)).toMatchObject({
      error: { field: "responses" },
    });
    expect(
      parsePairwiseLine(JSON.stringify({ ...request, responses: [request.responses[0], request.responses[0]] }), 3),
    ).toMatchObject({
      error: { field: "responses[1].system", message: 'system "a" answers twice' },
    });
  });
});

describe("CSV", () => {
  it("splits quoted fields and writes them back", () => {
    expect(splitCsvLine('a,"b, c","say ""hi"""')).toEqual(["a", "b, c", 'say "hi"']);
    expect(splitCsvLine('a,"open')).toBeNull();
    expect(csvLine(["a", "b, c", 'say "hi"', 3, null])).toBe('a,"b, c","say ""hi""",3,');
  });

  it("writes no cell a spreadsheet would run as a formula, keeps numbers numbers, and reads its own cells back", () => {
    expect(csvLine(["=1+1 evil", "+cmd", "-x", "@SUM(A1)", "\tTAB", "\r=2", "a=b"])).toBe(
      "'=1+1 evil,'+cmd,'-x,'@SUM(A1),'\tTAB,\"'\r=2\",a=b",
    );
    expect(csvLine([-0.25, "-0.25", "+3", "-1e-3", 0, "-"])).toBe("-0.25,-0.25,+3,-1e-3,0,'-");
    const parse = labelsCsvParser();
    parse("item,judge,label", 1);
    expect(parse(csvLine(["q1::d1", "=1+1 evil", "-1"]), 2)).toEqual({
      row: { kind: "csv-label", item: "q1::d1", judge: "=1+1 evil", value: "-1" },
    });
    expect(parse("q1,'plain,2", 3)).toEqual({ row: { kind: "csv-label", item: "q1", judge: "'plain", value: "2" } });
  });

  it("reads back exactly what it wrote, a value that starts with an apostrophe included", () => {
    const values = ["'=x", "'plain", "''", "'", "=x", "''=x", "-0.25", "'-0.25", "a'b"];
    expect(csvLine(values)).toBe("''=x,''plain,''',''," + "'=x,'''=x,-0.25,''-0.25,a'b");
    const parse = labelsCsvParser();
    parse("item,judge,label", 1);
    for (const [i, value] of values.entries())
      expect(parse(csvLine(["q1", value, "1"]), i + 2)).toEqual({
        row: { kind: "csv-label", item: "q1", judge: value, value: "1" },
      });
  });

  it("reads labels with the columns in any order and checks the field count", () => {
    const parse = labelsCsvParser();
    expect(parse("label,item,judge", 1)).toBeNull();
    expect(parse("2,q1::d1,gpt-4o", 2)).toEqual({
      row: { kind: "csv-label", item: "q1::d1", judge: "gpt-4o", value: "2" },
    });
    expect(parse("2,q1::d1", 3)).toEqual({ error: { line: 3, message: "expected 3 fields like the header, found 2" } });
    expect(parse(",q1,gpt-4o", 4)).toEqual({ error: { line: 4, field: "label", message: "is empty" } });
    expect(labelsCsvParser()("item,who,label", 1)).toEqual({
      error: { line: 1, message: "the header must name the columns item, judge and label (missing judge)" },
    });
  });

  it("splits an item into target and document", () => {
    expect(splitCsvItem("q1_2::repo/a.py_0_9")).toEqual({ targetId: "q1_2", docId: "repo/a.py_0_9" });
    expect(splitCsvItem("q1")).toEqual({ targetId: "q1" });
  });
});
