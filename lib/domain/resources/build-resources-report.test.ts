import { describe, expect, it } from "vitest";
import type { SetLabel } from "../label-sets/label-set";
import { buildResourcesReport } from "./build-resources-report";

const labels = (entries: [doc: number, value: string, scale?: string][]) =>
  new Map<string, SetLabel>(
    entries.map(([doc, value, scale = "feb4rag-0-3"]) => [
      `qd:1:${doc}`,
      { targetKey: `qd:1:${doc}`, value, scale, queryId: 1, nuggetId: null, criterion: null },
    ]),
  );

// one request; engine "web" returned documents 1 and 2, engine "news" document 3
const inputs = {
  sets: { a: "gpt-4o", b: "assessors" },
  pool: [
    { request: "r1", queryId: 1, documentId: 1, engine: "web" },
    { request: "r1", queryId: 1, documentId: 2, engine: "web" },
    { request: "r1", queryId: 1, documentId: 3, engine: "news" },
  ],
  labels: {
    a: labels([
      [1, "3"],
      [2, "0"],
      [3, "1"],
    ]),
    b: labels([
      [1, "0"],
      [2, "0"],
      [3, "3"],
    ]),
  },
  texts: new Map([["r1", "What changed?"]]),
};

describe("buildResourcesReport", () => {
  const report = buildResourcesReport(inputs);

  it("scores each engine per request with FeB4RAG's graded precision under both sets", () => {
    // web: (1 + 0) / 10 -> 10 under A, 0 under B; news: 0.25 / 10 -> 3 (rounded up) under A, 10 under B
    expect(report.scores).toEqual([
      { request: "r1", engine: "web", results: 2, a: 10, b: 0 },
      { request: "r1", engine: "news", results: 1, a: 3, b: 10 },
    ]);
  });

  it("finds the engines' order reversed on the request", () => {
    expect(report.reordered).toBe(1);
    expect(report.meanTauB).toBe(-1);
    expect(report.perRequest[0]).toMatchObject({ request: "r1", text: "What changed?" });
  });

  it("leaves a result unscored when a set has no 0-3 grade for it", () => {
    const partial = buildResourcesReport({
      ...inputs,
      labels: { ...inputs.labels, b: labels([[1, "1", "binary"]]) },
    });
    expect(partial.unscored.b).toBeGreaterThan(0);
  });
});
