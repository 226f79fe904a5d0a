import { describe, expect, it } from "vitest";
import {
  engineSummaries,
  relevantEngineHistogram,
  requestSummaries,
  resourceScores,
  type FederatedResult,
} from "./resource-selection";

const label = (grade: number | null) => ({ grade, relevant: grade === null ? null : grade > 0 });
const result = (request: string, engine: string, a: number | null, b: number | null): FederatedResult => ({
  request,
  engine,
  a: label(a),
  b: label(b),
});
const ten = (request: string, engine: string, a: (number | null)[], b: (number | null)[]) =>
  a.map((g, i) => result(request, engine, g, b[i]!));

describe("resource scores", () => {
  // r1: nq has one key and one minimal result under A (100 * 1.25 / 10 = 12.5 -> 13); B (the humans) downgrades the key one to high (0.75 -> 7.5 -> 8).
  // fiqa: nothing relevant under A, two high under B (10). hotpotqa: one result unjudged under B.
  const results = [
    ...ten("r1", "nq", [3, 1, 0, 0, 0, 0, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...ten("r1", "fiqa", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 2, 2, 0, 0, 0, 0, 0, 0]),
    ...ten("r1", "hotpotqa", [2, 2, 0, 0, 0, 0, 0, 0, 0, 0], [2, null, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...ten("r2", "nq", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...ten("r2", "fiqa", [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]),
  ];
  const scores = resourceScores(results);
  const score = (request: string, engine: string) => scores.find((s) => s.request === request && s.engine === engine);

  it("computes FeB4RAG's graded precision per request and engine, null where a result is unjudged", () => {
    expect(score("r1", "nq")).toEqual({ request: "r1", engine: "nq", results: 10, a: 13, b: 8 });
    expect(score("r1", "fiqa")).toMatchObject({ a: 0, b: 10 });
    expect(score("r1", "hotpotqa")).toMatchObject({ a: 10, b: null });
    expect(score("r2", "fiqa")).toMatchObject({ a: 100, b: 100 });
  });

  it("uses the first ten results only", () => {
    const eleven = [...ten("r", "e", Array(10).fill(0), Array(10).fill(0)), result("r", "e", 3, 3)];
    expect(resourceScores(eleven)).toEqual([{ request: "r", engine: "e", results: 10, a: 0, b: 0 }]);
  });

  it("counts the engines with relevant results per request and how the engines' order moves", () => {
    const summaries = requestSummaries(results, scores);
    const r1 = summaries.find((s) => s.request === "r1")!;
    // A: nq, hotpotqa relevant; B: nq, fiqa, hotpotqa (its first result is high).
    expect(r1.relevantEngines).toEqual({ a: 2, b: 3 });
    // Engines scored under both: nq (13, 8) and fiqa (0, 10): the order flips, tau-b = -1; change 5 + 10.
    expect(r1.tauB).toBe(-1);
    expect(r1.change).toBe(15);
    const r2 = summaries.find((s) => s.request === "r2")!;
    expect(r2).toEqual({ request: "r2", relevantEngines: { a: 1, b: 1 }, tauB: 1, change: 0 });
    expect(relevantEngineHistogram(summaries, 3)).toEqual([
      { engines: 0, a: 0, b: 0 },
      { engines: 1, a: 1, b: 1 },
      { engines: 2, a: 1, b: 0 },
      { engines: 3, a: 0, b: 1 },
    ]);
  });

  it("summarises each engine: mean graded precision over the requests it is scored on, and how often it is best", () => {
    expect(engineSummaries(scores)).toEqual([
      { engine: "fiqa", mean: { a: 50, b: 55 }, best: { a: 1, b: 2 } },
      { engine: "hotpotqa", mean: { a: 10, b: null }, best: { a: 0, b: 0 } },
      { engine: "nq", mean: { a: 6.5, b: 4 }, best: { a: 1, b: 0 } },
    ]);
  });

  it("names no best engine for a request where every engine scores 0, and handles no results", () => {
    const none = resourceScores(ten("r", "e", Array(10).fill(0), Array(10).fill(0)));
    expect(engineSummaries(none)[0]!.best).toEqual({ a: 0, b: 0 });
    expect(resourceScores([])).toEqual([]);
    expect(requestSummaries([], [])).toEqual([]);
  });
});
