import { describe, expect, it } from "vitest";
import { ensembleLevel } from "./ensemble";
import { callCost, sumCosts } from "./judgment-cost";
import { combineOrders } from "./preference-orders";

describe("ensembleLevel", () => {
  it("majority: the most frequent level; a tie gives none", () => {
    expect(ensembleLevel("majority", [2, 0, 2])).toBe(2);
    expect(ensembleLevel("majority", [1, 0])).toBeNull();
    expect(ensembleLevel("majority", [0, 0, 1, 1, 2])).toBeNull();
    expect(ensembleLevel("majority", [])).toBeNull();
  });

  it("lower median: the middle level, the lower of two middles", () => {
    expect(ensembleLevel("lower-median", [3, 0, 2])).toBe(2);
    expect(ensembleLevel("lower-median", [3, 1, 0, 2])).toBe(1);
    expect(ensembleLevel("lower-median", [0, 1])).toBe(0);
  });

  it("fusion: FeB4RAG's closest level to the mean, ties to the lower", () => {
    expect(ensembleLevel("fusion", [0, 3])).toBe(1); // mean 1.5
    expect(ensembleLevel("fusion", [1, 2, 2])).toBe(2); // mean 1.67
    expect(ensembleLevel("fusion", [0, 0, 1])).toBe(0); // mean 0.33
  });
});

describe("combineOrders", () => {
  it("gives the label when the swapped order chose the same answer", () => {
    expect(combineOrders("a", "b")).toEqual({ value: "a" });
    expect(combineOrders("b", "a")).toEqual({ value: "b" });
    expect(combineOrders("none", "none")).toEqual({ value: "none" });
  });

  it("calls a choice of the same position both times inconsistent", () => {
    expect(combineOrders("a", "a")).toEqual({ inconsistent: true });
    expect(combineOrders("a", "none")).toEqual({ inconsistent: true });
  });
});

describe("call costs", () => {
  const prices = { inputPerMillion: 0.15, outputPerMillion: 0.6 };
  it("prices a call's tokens, and knows no cost without usage or prices", () => {
    expect(callCost({ inputTokens: 2_000_000, outputTokens: 500_000 }, prices)).toBe(0.6);
    expect(callCost(null, prices)).toBeNull();
    expect(callCost({ inputTokens: 1, outputTokens: 1 }, { inputPerMillion: 1, outputPerMillion: null })).toBeNull();
    expect(callCost({ inputTokens: 0, outputTokens: 0 }, prices)).toBe(0);
  });

  it("sums the known costs and counts the unknown ones apart", () => {
    expect(sumCosts([0.5, null, 0.25, null])).toEqual({ known: 0.75, unknownCalls: 2 });
    expect(sumCosts([])).toEqual({ known: 0, unknownCalls: 0 });
  });
});
