import { describe, expect, it } from "vitest";
import { citedPairs } from "./cited-pairs";

describe("the sentence-passage pairs a citation-support sample judges", () => {
  const sentences = [
    { text: "Trams stop at signals.", citations: [1, 0] },
    { text: "No citation here.", citations: [] },
    { text: "Cites one passage twice.", citations: [2, 3, 2] },
  ];
  // references 2 and 3 are one passage; reference 4 has none
  const documentOf = (reference: number) => [10, 11, 12, 12][reference];

  it("take each sentence's first cited passage, or every passage it cites once", () => {
    expect(citedPairs(sentences, "first", documentOf)).toEqual([
      { sentence: 0, documentId: 11 },
      { sentence: 2, documentId: 12 },
    ]);
    expect(citedPairs(sentences, "every", documentOf)).toEqual([
      { sentence: 0, documentId: 11 },
      { sentence: 0, documentId: 10 },
      { sentence: 2, documentId: 12 },
    ]);
    expect(citedPairs([{ text: "x", citations: [4] }], "every", documentOf)).toEqual([]);
  });
});
