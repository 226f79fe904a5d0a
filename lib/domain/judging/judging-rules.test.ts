import { describe, expect, it } from "vitest";
import { ensembleLevel } from "./ensemble";
import { callCost, sumCosts } from "./judgment-cost";
import { combineOrders, positionConsistency } from "./preference-orders";

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

describe("positionConsistency", () => {
  it("counts the pairs judged both ways whose orders disagree, and the consistent share with Wilson's interval", () => {
    const c = positionConsistency([
      { shown: "a", swapped: "b" }, // a both ways
      { shown: "none", swapped: "none" }, // a tie both ways
      { shown: "a", swapped: "a" }, // the first position both times
      { shown: "b", swapped: "none" },
    ]);
    expect(c).toMatchObject({ pairs: 4, inconsistent: 2, share: 0.5 });
    // Wilson's score interval for 2 of 4 at 95%: 0.5 ± 1.96·sqrt(0.25/4 + 1.96²/64) / (1 + 1.96²/4)
    expect(c.low).toBeCloseTo(0.15, 3);
    expect(c.high).toBeCloseTo(0.85, 3);
    expect(positionConsistency([{ shown: "b", swapped: "a" }]).inconsistent).toBe(0);
    expect(positionConsistency([])).toEqual({ pairs: 0, inconsistent: 0, share: null, low: null, high: null });
  });
});
