import { describe, expect, it } from "vitest";
import type { SourceLabel } from "../label-sources";
import { buildImpactReport, type ImpactInputs } from "./build-impact-report";

const labels = (...entries: [nugget: number, doc: number, value: string, query?: number][]) =>
  new Map<string, SourceLabel>(
    entries.map(([nugget, doc, value, query = 1]) => [
      `nd:${nugget}:${doc}`,
      { targetKey: `nd:${nugget}:${doc}`, value, scale: "binary", queryId: query, nuggetId: nugget, criterion: null },
    ]),
  );
// runs name chunks by their external ids (c10 for chunk 10)
const run = (docs: number[]) => new Map([["1", docs.map((d, i) => ({ docId: `c${d}`, score: 10 - i }))]]);

// question 1 has nuggets 1 and 2. Set A: chunk 10 supports nugget 1, chunk 11 nugget 2. Set B: chunk
// 12 supports nugget 1 (not 10), chunk 11 nugget 2. Question 2 (nugget 3) is judged by A only.
const inputs: ImpactInputs = {
  sets: { a: "gpt-4o", b: "experts" },
  labels: {
    a: labels([1, 10, "1"], [2, 11, "1"], [3, 13, "1", 2]),
    b: labels([1, 10, "0"], [1, 12, "1"], [2, 11, "1"]),
  },
  nuggets: [
    { id: 1, queryId: 1 },
    { id: 2, queryId: 1 },
    { id: 3, queryId: 2 },
  ],
  runs: new Map([
    ["bm25", run([10, 11])],
    ["dense", run([11, 12])],
  ]),
  questionNames: new Map([
    ["1", "hq-1"],
    ["2", "hq-2"],
  ]),
  documentNames: new Map([10, 11, 12, 13].map((d) => [d, `c${d}`])),
};

describe("buildImpactReport", () => {
  const report = buildImpactReport(inputs);
  if (typeof report === "string") throw new Error(report);

  it("compares both sets on the questions both judged", () => {
    expect([report.questions, report.questionsWithNuggets, report.judged]).toEqual([1, 2, { a: 2, b: 1 }]);
  });

  it("scores the runs under each set: each system covers both nuggets under one set and one under the other", () => {
    const coverage = Object.fromEntries(report.systems.map((s) => [s.name, s.scores["coverage@20"]]));
    expect(coverage).toEqual({ bm25: { a: 1, b: 0.5 }, dense: { a: 0.5, b: 1 } });
  });

  it("finds the swap and a Kendall tau of -1 between the two rankings", () => {
    expect(report.swaps["coverage@20"]).toEqual([["bm25", "dense"]]);
    expect(report.kendallTauB["coverage@20"]).toBe(-1);
  });

  it("lists the questions whose scores move, and FreshStack's filters", () => {
    expect(report.perQuestion.map((q) => q.question)).toEqual(["hq-1"]);
    expect(report.filters).toEqual({
      unsupportedQuestions: { a: 0, b: 0 },
      unsupportedNuggets: { a: 0, b: 0 },
      nuggets: 2,
    });
  });

  it("says why when there is nothing to compare", () => {
    expect(buildImpactReport({ ...inputs, labels: { a: inputs.labels.a, b: new Map() } })).toBe(
      "gpt-4o and experts judged no question in common: nothing to compare",
    );
    expect(buildImpactReport({ ...inputs, runs: new Map() })).toMatch(/no runs/);
  });
});
