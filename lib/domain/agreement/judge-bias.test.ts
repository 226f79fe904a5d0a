import { describe, expect, it } from "vitest";
import { agreementByLength, leniency, levelCalling } from "./judge-bias";

const pair = (a: string, b: string, count: number, group: string | null = null) => ({
  group,
  a: { value: a, scale: "relevance-3" },
  b: { value: b, scale: "relevance-3" },
  count,
});
const BOOT = { resamples: 200, seed: 1, level: 0.95 };

describe("judge bias", () => {
  // A is the LLM. 10 targets: LLM relevant / people non-relevant 3, both relevant 4, both non 2,
  // LLM partially / people relevant 1.
  const rows = [
    pair("relevant", "non_relevant", 3),
    pair("relevant", "relevant", 4),
    pair("non_relevant", "non_relevant", 2),
    pair("partially_relevant", "relevant", 1),
  ];

  it("leniency: the LLM's positive share minus the people's (positive from partially relevant)", () => {
    // LLM positive 8 of 10, people positive 5 of 10: +0.3
    const l = leniency(rows, "a", BOOT);
    expect(l.value).toBeCloseTo(0.3, 15);
    expect(l.low!).toBeLessThanOrEqual(0.3);
    expect(l.high!).toBeGreaterThanOrEqual(0.3);
    expect(leniency(rows, "b", BOOT).value).toBeCloseTo(-0.3, 15);
  });

  it("over- and under-calling per level", () => {
    // LLM: non 2, partially 1, relevant 7; people: non 5, partially 0, relevant 5
    expect(levelCalling(rows, "a").map((l) => [l.level, Number(l.difference.toFixed(10))])).toEqual([
      ["Non-relevant", -0.3],
      ["Partially relevant", 0.1],
      ["Relevant", 0.2],
    ]);
  });

  it("agreement by quartile of chunk length, a length never split", () => {
    const byLength = agreementByLength(
      [
        pair("relevant", "relevant", 2, "100"),
        pair("relevant", "non_relevant", 1, "100"),
        pair("non_relevant", "non_relevant", 3, "400"),
        pair("relevant", "non_relevant", 2, "900"),
        pair("relevant", "relevant", 4, "2000"),
      ],
      BOOT,
    );
    // 12 targets by length: 100 (3) starts at 0 -> Q1; 400 (3) at 3/12 -> Q2; 900 (2) at 6/12 and 2000 (4) at 8/12 -> Q3
    expect(byLength.map((q) => [q.quartile, q.from, q.to, q.items])).toEqual([
      [1, 100, 100, 3],
      [2, 400, 400, 3],
      [3, 900, 2000, 6],
    ]);
    expect(byLength.map((q) => q.agreement)).toEqual([2 / 3, 1, 4 / 6]);
  });
});
