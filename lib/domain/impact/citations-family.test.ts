import { describe, expect, it } from "vitest";
import type { SetLabel } from "../label-sets/label-set";
import { buildImpactReport } from "./build-impact-report";
import { citationAgreement } from "./citations-family";
import { impactCsv } from "@/lib/formats/reports/impact-csv";

const set = (entries: [string, string][]) =>
  new Map<string, SetLabel>(
    entries.map(([targetKey, value]) => [
      targetKey,
      {
        targetKey,
        value,
        scale: "citation-support",
        queryId: Number(targetKey.split(":")[1]),
        nuggetId: null,
        criterion: null,
      },
    ]),
  );

// system 1 ("alpha") and 2 ("beta") answer question 10; alpha's first sentence cites passages 100
// and 101, its second none, its third 102; beta's one sentence cites 103
const citations = [
  { systemId: 1, system: "alpha", queryId: 10, sentences: [[100, 101], [], [102]] },
  { systemId: 2, system: "beta", queryId: 10, sentences: [[103]] },
];
const a = set([
  ["sc:10:1:0:100", "full_support"],
  ["sc:10:1:0:101", "no_support"],
  ["sc:10:1:2:102", "partial_support"],
  ["sc:10:2:0:103", "no_support"],
]);
const b = set([
  ["sc:10:1:0:100", "partial_support"],
  ["sc:10:1:2:102", "partial_support"],
  ["sc:10:2:0:103", "full_support"],
]);

describe("Impact's citation support family", () => {
  it("scores each run's weighted precision and recall under both sets, on the pairs both judged", () => {
    const report = buildImpactReport({
      sets: { a: "gpt-4o", b: "assessors" },
      labels: { a, b },
      nuggets: [],
      citations,
      runs: new Map(),
      questionNames: new Map([["10", "t1"]]),
      documentNames: new Map(),
    });
    if (typeof report === "string") throw new Error(report);
    expect(report.family).toBe("citations");
    expect(report.metrics).toEqual(["weighted_precision", "weighted_recall"]);
    // alpha under A, on the pairs B judged too (100 and 102; 101 only A judged): P (1 + 0.5) / 2,
    // R over its three sentences: best 1, no citation 0, 0.5; under B: P 0.5, R (0.5 + 0 + 0.5) / 3
    const alpha = report.systems.find((s) => s.name === "alpha")!.scores;
    expect(alpha.weighted_precision).toEqual({ a: 0.75, b: 0.5 });
    expect(alpha.weighted_recall!.a).toBeCloseTo(0.5, 15);
    expect(alpha.weighted_recall!.b).toBeCloseTo(1 / 3, 15);
    const beta = report.systems.find((s) => s.name === "beta")!.scores;
    expect(beta).toEqual({ weighted_precision: { a: 0, b: 1 }, weighted_recall: { a: 0, b: 1 } });
    // the two sets swap the systems on precision
    expect(report.swaps.weighted_precision).toEqual([["alpha", "beta"]]);
    expect(report.perAnswer).toEqual([
      {
        system: "alpha",
        question: "t1",
        a: { weighted_precision: 0.75, weighted_recall: 0.5 },
        b: { weighted_precision: 0.5, weighted_recall: 1 / 3 },
      },
      {
        system: "beta",
        question: "t1",
        a: { weighted_precision: 0, weighted_recall: 0 },
        b: { weighted_precision: 1, weighted_recall: 1 },
      },
    ]);
    // agreement on the three pairs both judged: only 102 the same
    expect(report.citationAgreement).toMatchObject({ pairs: 3, agree: 1, share: 1 / 3 });
    const csv = impactCsv(report).trim().split("\n");
    expect(csv).toContain("alpha,weighted_precision,0.75,0.5");
    expect(csv).toContain("beta,weighted_recall@t1,0,1");
    expect(csv).toContain("agreement,pairs,3,");
    expect(csv).toContain("agreement,agree,1,");
  });

  it("gives the exact agreement share with Wilson's interval, Cohen's kappa and ordinal alpha", () => {
    const g = citationAgreement(a, b);
    expect(g.low).toBeCloseTo(0.0615, 4); // Wilson's 95% for 1 of 3
    expect(g.high).toBeCloseTo(0.7923, 4);
    // codes no 0, partial 1, full 2: A = [2, 1, 0], B = [1, 1, 2]; po 1/3, pe = (1/3)(0) + (1/3)(2/3) + (1/3)(1/3) = 1/3
    expect(g.cohenKappa).toBeCloseTo(0, 12);
    expect(citationAgreement(a, set([]))).toMatchObject({ pairs: 0, share: null, low: null, high: null });
  });
});
