import { describe, expect, it } from "vitest";
import {
  answerKey,
  isChunkPairKey,
  nuggetAnswerKey,
  nuggetDocumentKey,
  nuggetKey,
  parseChunkPairKey,
  parseSystemPairKey,
  preferenceKey,
  queryDocumentKey,
  responsePairKey,
  parseAnswerKey,
  parseNuggetAnswerKey,
  parseSentenceCitationKey,
  sentenceCitationKey,
  targetTypeOfKey,
  targetKindCounts,
} from "./targets";

describe("target keys of RAG answers", () => {
  it("write and read back an answer, a nugget in an answer and a sentence's cited passage", () => {
    expect(parseAnswerKey(answerKey(3, 7))).toEqual({ queryId: 3, systemId: 7 });
    expect(parseNuggetAnswerKey(nuggetAnswerKey(12, 7))).toEqual({ nuggetId: 12, systemId: 7 });
    const key = sentenceCitationKey(3, 7, 0, 41);
    expect(key).toBe("sc:3:7:0:41");
    expect(parseSentenceCitationKey(key)).toEqual({ queryId: 3, systemId: 7, sentence: 0, documentId: 41 });
    expect(targetTypeOfKey(key)).toBe("sentence_citation");
    // another kind's key, or a malformed one, is none of these
    expect(parseSentenceCitationKey("sc:3:7:x:41")).toBeNull();
    expect(parseAnswerKey("na:3:7")).toBeNull();
    expect(parseNuggetAnswerKey("a:3:7")).toBeNull();
  });
});

describe("targets counted by kind", () => {
  it("reads keys or their prefixes, sums each kind, the most first, and leaves unknown keys out", () => {
    expect(
      targetKindCounts([
        ["qd:1:2", 1],
        ["nd:", 40],
        ["qd:", 12],
        ["zz:9", 3],
      ]),
    ).toEqual([
      { kind: "nugget_document", items: 40 },
      { kind: "query_document", items: 13 },
    ]);
    expect(targetKindCounts([])).toEqual([]);
  });
});

describe("pairs of answers and chunk pairs, read back", () => {
  it("reads an sp: key with or without a preference's criterion, and nothing else", () => {
    expect(parseSystemPairKey(responsePairKey(3, 7, 9))).toEqual({
      queryId: 3,
      systemAId: 7,
      systemBId: 9,
      criterion: null,
    });
    expect(parseSystemPairKey(preferenceKey(3, 7, 9, "clarity"))).toEqual({
      queryId: 3,
      systemAId: 7,
      systemBId: 9,
      criterion: "clarity",
    });
    expect(parseSystemPairKey(queryDocumentKey(3, 7))).toBeNull();
    expect(parseSystemPairKey("sp:3:7")).toBeNull();
  });

  it("reads a support or relevance pair's kind, target and document, and no other key", () => {
    expect(parseChunkPairKey(nuggetDocumentKey(4, 12))).toEqual({ kind: "nugget_document", target: 4, documentId: 12 });
    expect(parseChunkPairKey(queryDocumentKey(5, 13))).toEqual({ kind: "query_document", target: 5, documentId: 13 });
    expect(parseChunkPairKey(answerKey(5, 13))).toBeNull();
    expect([nuggetDocumentKey(1, 2), queryDocumentKey(1, 2), nuggetKey(1)].map(isChunkPairKey)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
