import { describe, expect, it } from "vitest";
import {
  bradleyTerry,
  choiceCounts,
  leftWins,
  pairTallies,
  verdictOf,
  wilsonInterval,
  type PairTally,
  type PreferenceJudgment,
} from "./aggregate";

const CRITERIA = ["coverage", "consistency", "correctness", "clarity"];
const judgment = (over: Partial<PreferenceJudgment>, choices: string): PreferenceJudgment => ({
  question: "q1",
  group: "all",
  annotator: "ann",
  a: "best-fed",
  b: "naive-fed",
  left: null,
  choices: Object.fromEntries(
    CRITERIA.map((c, i) => [c, ({ A: "a", B: "b", "-": "none" } as const)[choices[i] as "A" | "B" | "-"]]),
  ),
  ...over,
});

describe("verdicts", () => {
  it("prefers the system chosen on more criteria, and calls a tie no preference", () => {
    expect(verdictOf(judgment({}, "AAB-").choices, CRITERIA)).toBe("a");
    expect(verdictOf(judgment({}, "B--B").choices, CRITERIA)).toBe("b");
    expect(verdictOf(judgment({}, "AB--").choices, CRITERIA)).toBe("none");
    expect(verdictOf(judgment({}, "----").choices, CRITERIA)).toBe("none");
  });
});

describe("tallies", () => {
  it("counts each system's wins per pair, whichever side of the data it was on", () => {
    const judgments = [
      judgment({}, "AAAA"),
      judgment({ a: "naive-fed", b: "best-fed" }, "AB--"),
      judgment({ question: "q2" }, "-B-B"),
    ];
    expect(pairTallies(judgments, CRITERIA, "coverage")).toEqual([
      { first: "best-fed", second: "naive-fed", firstWins: 1, secondWins: 1, none: 1 },
    ]);
    expect(pairTallies(judgments, CRITERIA, null)).toEqual([
      { first: "best-fed", second: "naive-fed", firstWins: 1, secondWins: 1, none: 1 },
    ]);
    expect(pairTallies(judgments, CRITERIA, "clarity")).toEqual([
      { first: "best-fed", second: "naive-fed", firstWins: 1, secondWins: 1, none: 1 },
    ]);
  });

  it("measures how often the left response wins where the sides are known", () => {
    const judgments = [judgment({ left: "a" }, "AAB-"), judgment({ left: "b" }, "BB--"), judgment({}, "AAAA")];
    // left chosen: 2 of 3 in the first, 2 of 2 in the second; the third has no sides
    expect(leftWins(judgments, CRITERIA)).toEqual({ decided: 5, left: 4 });
  });

  it("gives the choice counts of the items two or more annotators judged", () => {
    const judgments = [
      judgment({ annotator: "x" }, "AAB-"),
      judgment({ annotator: "y" }, "ABB-"),
      judgment({ question: "q2" }, "AAAA"),
    ];
    expect(choiceCounts(judgments, "consistency")).toEqual([[1, 1, 0]]);
    expect(choiceCounts(judgments, "clarity")).toEqual([[0, 0, 2]]);
  });
});

describe("intervals and strengths", () => {
  it("Wilson's interval: 8 of 10 gives [0.490, 0.943]", () => {
    const ci = wilsonInterval(8, 10)!;
    expect(ci.low).toBeCloseTo(0.4902, 4);
    expect(ci.high).toBeCloseTo(0.9433, 4);
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(0, 5)!.low).toBe(0);
  });

  it("Bradley-Terry: 3 wins to 1 gives strengths 3/4 and 1/4", () => {
    const strengths = bradleyTerry([{ first: "a", second: "b", firstWins: 3, secondWins: 1, none: 0 }]);
    expect(strengths.get("a")).toBeCloseTo(0.75, 9);
    expect(strengths.get("b")).toBeCloseTo(0.25, 9);
  });

  it("Bradley-Terry with three systems fits the maximum-likelihood equations (expected wins = observed wins)", () => {
    const tallies: PairTally[] = [
      { first: "x", second: "y", firstWins: 6, secondWins: 2, none: 2 },
      { first: "x", second: "z", firstWins: 3, secondWins: 4, none: 0 },
      { first: "y", second: "z", firstWins: 5, secondWins: 5, none: 1 },
    ];
    const p = bradleyTerry(tallies);
    expect([...p.values()].reduce((s, v) => s + v, 0)).toBeCloseTo(1, 12);
    for (const s of ["x", "y", "z"]) {
      let observed = 0;
      let expected = 0;
      for (const t of tallies) {
        if (t.first !== s && t.second !== s) continue;
        const other = t.first === s ? t.second : t.first;
        observed += (t.first === s ? t.firstWins : t.secondWins) + t.none / 2;
        expected += ((t.firstWins + t.secondWins + t.none) * p.get(s)!) / (p.get(s)! + p.get(other)!);
      }
      expect(expected).toBeCloseTo(observed, 6);
    }
    expect(p.get("x")!).toBeGreaterThan(p.get("y")!);
  });
});
