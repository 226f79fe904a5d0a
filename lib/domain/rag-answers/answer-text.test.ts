import { describe, expect, it } from "vitest";
import { answerMarkdown, documentsByReference, storedSentences } from "./answer-text";

describe("a TREC RAG answer's text and references", () => {
  it("writes reference i as the citation [i + 1], and reads the stored citations back by reference", () => {
    const sentences = [
      { text: "Trams run.", citations: [0, 2] },
      { text: "", citations: [] },
      { text: "Buses too.", citations: [] },
    ];
    expect(answerMarkdown(sentences)).toBe("Trams run. [1][3] Buses too.");
    const documents = documentsByReference([
      { marker: 1, documentId: 40 },
      { marker: 3, documentId: 42 },
    ]);
    expect(sentences[0]!.citations.map((r) => documents.get(r))).toEqual([40, 42]);
    expect(documents.get(1)).toBeUndefined();
    expect(storedSentences(JSON.stringify(sentences))).toEqual(sentences);
    expect(storedSentences(null)).toBeNull();
  });
});
