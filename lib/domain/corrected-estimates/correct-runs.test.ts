import { describe, expect, it } from "vitest";
import { parseTrecMeasure } from "../impact/trec-measures";
import { classicalMean, ppiMean } from "../ppi/ppi-mean";
import { alphaNdcgMetric, correctRuns, gradedMetric } from "./correct-runs";
import { rankRun } from "../runs/run-ranking";

// Four questions, each with chunks a and b; the LLM calls a relevant everywhere, people say b on
// q1 and q2 (whose whole pools they judged). System "a-first" ranks a first, "b-first" ranks b first.
const judged = (relevant: "a" | "b") =>
  new Map([
    ["a", relevant === "a" ? 1 : 0],
    ["b", relevant === "b" ? 1 : 0],
  ]);
const llm = new Map(["q1", "q2", "q3", "q4"].map((q) => [q, judged("a")]));
const human = new Map([
  ["q1", judged("b")],
  ["q2", judged("b")],
]);
const run = (first: "a" | "b") =>
  rankRun(
    new Map(
      ["q1", "q2", "q3", "q4"].map((q) => [
        q,
        [
          { docId: first, score: 2 },
          { docId: first === "a" ? "b" : "a", score: 1 },
        ],
      ]),
    ),
  );
// intervals from two labelled questions on here (the reports' minimum is 30: see the last test)
const inputs = (uniform: boolean, minUnits = 2) => ({
  runs: new Map([
    ["a-first", run("a")],
    ["b-first", run("b")],
  ]),
  llm,
  human,
  metric: gradedMetric(parseTrecMeasure("p@1")!),
  confidence: 0.9,
  sample: { uniform, why: "not drawn at random" },
  minUnits,
});

describe("runs corrected over questions", () => {
  it("is PPI over questions: Ŷ the metric under the LLM's labels on every question, Y under people's on theirs", () => {
    const report = correctRuns(inputs(true));
    expect([report.questions, report.labelled, report.withheld]).toEqual([4, 2, { people: null, ppi: null }]);
    // P@1 of a-first: LLM 1 on all four, people 0 on q1 and q2; b-first: LLM 0, people 1
    const aFirst = ppiMean({ y: [0, 0], yhat: [1, 1], yhatUnlabelled: [1, 1], confidence: 0.9 });
    const bFirst = ppiMean({ y: [1, 1], yhat: [0, 0], yhatUnlabelled: [0, 0], confidence: 0.9 });
    const bySystem = new Map(report.systems.map((s) => [s.system, s]));
    expect(bySystem.get("a-first")!.llmOnly).toBe(1);
    expect(bySystem.get("a-first")!.ppi!.estimate).toBe(aFirst.estimate);
    expect(bySystem.get("b-first")!.ppi!.estimate).toBe(bFirst.estimate);
    expect(bySystem.get("b-first")!.classical).toEqual(classicalMean([1, 1], 0.9));
    expect(bySystem.get("b-first")!.people).toBe(1);
    // ranked by the corrected estimate: the LLM's order is reversed
    expect(report.systems.map((s) => s.system)).toEqual(["b-first", "a-first"]);
    // the paired difference b-first minus a-first: per question -1 under the LLM, +1 under people
    const difference = ppiMean({ y: [1, 1], yhat: [-1, -1], yhatUnlabelled: [-1, -1], confidence: 0.9 });
    expect(report.adjacent[0]).toMatchObject({ upper: "b-first", lower: "a-first" });
    expect(report.adjacent[0]!.ppi!.estimate).toBe(difference.estimate);
    expect(report.adjacent[0]!.holds).toBe(difference.low > 0 || difference.high < 0);
  });

  it("withholds PPI when the questions were not drawn at random, keeping the people's own interval", () => {
    const report = correctRuns(inputs(false));
    expect(report.withheld).toEqual({ people: null, ppi: "not drawn at random" });
    expect(report.sample).toEqual({ uniform: false, why: "not drawn at random" });
    expect(report.systems.every((s) => s.ppi === null && s.classical !== null)).toBe(true);
  });

  it("withholds every interval and the order's verdict below the minimum of labelled questions, keeping the estimates", () => {
    const report = correctRuns(inputs(true, 30));
    const reason = "2 questions with their whole pool judged by people: an interval needs at least 30, so 28 more";
    expect(report.withheld).toEqual({ people: reason, ppi: reason });
    expect(report.systems.map((s) => [s.system, s.people, s.classical, s.ppi])).toEqual([
      ["b-first", 1, null, null],
      ["a-first", 0, null, null],
    ]);
    expect(report.adjacent[0]).toMatchObject({ people: 1, classical: null, ppi: null, holds: null });
  });
});

describe("runs corrected over questions, under nugget judgments", () => {
  // q1..q3 with nugget n and chunks a, b; the LLM says a supports n everywhere; people (q1, q2) say b
  const judgments = (supporting: "a" | "b") => ({
    supports: new Map([[supporting, new Set(["n"])]]),
    nuggets: new Set(["n"]),
    judged: new Set(["n a", "n b"]),
  });
  const runs = new Map([
    [
      "a-first",
      rankRun(
        new Map(
          ["q1", "q2", "q3"].map((q) => [
            q,
            [
              { docId: "a", score: 2 },
              { docId: "b", score: 1 },
            ],
          ]),
        ),
      ),
    ],
  ]);
  it("scores each question by alpha-nDCG@10 (ndeval's) and corrects over the questions people judged whole", () => {
    const report = correctRuns({
      runs,
      llm: new Map(["q1", "q2", "q3"].map((q) => [q, judgments("a")])),
      human: new Map(["q1", "q2"].map((q) => [q, judgments("b")])),
      metric: alphaNdcgMetric(10),
      confidence: 0.9,
      sample: { uniform: true, why: "" },
      minUnits: 2,
    });
    expect([report.measure, report.questions, report.labelled]).toEqual(["alpha-ndcg@10", 3, 2]);
    // under the LLM a-first is ideal (1); under people b comes second: 1/log2(3) = 0.6309
    const expected = ppiMean({
      y: [1 / Math.log2(3), 1 / Math.log2(3)],
      yhat: [1, 1],
      yhatUnlabelled: [1],
      confidence: 0.9,
    });
    expect(report.systems[0]!.llmOnly).toBe(1);
    expect(report.systems[0]!.ppi!.estimate).toBeCloseTo(expected.estimate, 12);
  });
});
