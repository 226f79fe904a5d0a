import { describe, expect, it } from "vitest";
import { codeLabelPairs } from "./code-label-pairs";

const pair = (a: string, sa: string, b: string, sb: string) => ({
  a: { value: a, scale: sa },
  b: { value: b, scale: sb },
});

describe("codeLabelPairs", () => {
  it("codes labels on one shared scale by its levels, in order", () => {
    const coded = codeLabelPairs([
      pair("relevant", "relevance-3", "partially_relevant", "relevance-3"),
      pair("non_relevant", "relevance-3", "non_relevant", "relevance-3"),
    ]);
    expect([Array.from(coded.a), Array.from(coded.b), coded.categories, coded.ordered, coded.binarized]).toEqual([
      [2, 0],
      [1, 0],
      ["Non-relevant", "Partially relevant", "Relevant"],
      true,
      false,
    ]);
  });

  it("compares different scales through each one's binarization (human BEIR > 0 vs LLM >= minimal)", () => {
    const coded = codeLabelPairs([
      pair("1", "graded-0-2", "0", "feb4rag-0-3"),
      pair("0", "graded-0-2", "1", "feb4rag-0-3"),
      pair("2", "graded-0-2", "3", "feb4rag-0-3"),
    ]);
    expect([Array.from(coded.a), Array.from(coded.b), coded.binarized]).toEqual([[1, 0, 1], [0, 1, 1], true]);
    expect(coded.comparedOn).toBe("each scale's binarization (graded-0-2 and feb4rag-0-3)");
  });

  it("treats preferences as nominal and skips values outside a scale", () => {
    expect(codeLabelPairs([pair("a", "preference", "none", "preference")])).toMatchObject({
      ordered: false,
      categories: ["a", "b", "none"],
    });
    expect(
      codeLabelPairs([pair("7", "graded-0-2", "1", "graded-0-2"), pair("1", "graded-0-2", "1", "graded-0-2")]).skipped,
    ).toBe(1);
  });
});

describe("codeLabelPairs with counts", () => {
  it("expands counted pairs exactly like repeated pairs", () => {
    const counted = codeLabelPairs([
      { ...pair("1", "binary", "0", "binary"), count: 3 },
      { ...pair("0", "binary", "0", "binary"), count: 2 },
    ]);
    const repeated = codeLabelPairs([
      ...Array(3).fill(pair("1", "binary", "0", "binary")),
      ...Array(2).fill(pair("0", "binary", "0", "binary")),
    ]);
    expect(counted).toEqual(repeated);
    expect(Array.from(counted.a)).toEqual([1, 1, 1, 0, 0]);
  });
});
