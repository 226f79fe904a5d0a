import { describe, expect, it } from "vitest";
import { REPORT_BOOTSTRAP } from "../agreement/report-bootstrap";
import { parseTrecMeasure } from "../impact/trec-measures";
import { buildJudgeAgreement, gradedQrels, type GradedLabel } from "./build-judge-agreement";
import { rankRun } from "../runs/run-ranking";

const label = (queryId: string, documentId: string, value: string): GradedLabel => ({
  queryId,
  documentId,
  value,
  scale: "relevance-3",
});
// the reference: d1 relevant, d2 partially, d3 not; the judge swaps d1 and d3
const reference = [
  label("q", "d1", "relevant"),
  label("q", "d2", "partially_relevant"),
  label("q", "d3", "non_relevant"),
];
const judge = [label("q", "d1", "non_relevant"), label("q", "d2", "partially_relevant"), label("q", "d3", "relevant")];
const pairs = reference.map((r, i) => ({
  group: null,
  a: { value: r.value, scale: r.scale },
  b: { value: judge[i]!.value, scale: judge[i]!.scale },
  count: 1,
}));
const run = (...docs: string[]) => rankRun(new Map([["q", docs.map((docId, i) => ({ docId, score: 10 - i }))]]));
const runs = new Map([
  ["first-d1", run("d1", "d2", "d3")],
  ["first-d2", run("d2", "d1", "d3")],
  ["first-d3", run("d3", "d2", "d1")],
]);
const inputs = (labels: GradedLabel[]) => ({
  reference: { name: "experts", labels },
  judges: [{ name: "llm", kind: "model" as const, pairs, labels: judge }],
  runs,
  measure: parseTrecMeasure("p@1")!,
  bootstrap: REPORT_BOOTSTRAP,
});

describe("every judge against a reference", () => {
  it("gives a level's position on its scale as its gain", () => {
    expect(gradedQrels(reference)).toEqual(
      new Map([
        [
          "q",
          new Map([
            ["d1", 2],
            ["d2", 1],
            ["d3", 0],
          ]),
        ],
      ]),
    );
  });

  it("binarizes at every level above the lowest, and ranks the systems under each judge's labels", () => {
    const report = buildJudgeAgreement(inputs(reference));
    expect(report.levels).toEqual(["Non-relevant", "Partially relevant", "Relevant"]);
    const [llm] = report.judges;
    // at >= Partially relevant: experts 1,1,0 and llm 0,1,1 -> po 1/3, pe 4/9 + 1/9 -> kappa -0.5
    expect(llm!.binarized.map((b) => b.level)).toEqual(["Partially relevant", "Relevant"]);
    expect(llm!.binarized[0]!.kappa.value).toBeCloseTo(-0.5, 12);
    // P@1 under the experts: first-d1 1, first-d2 1, first-d3 0; under the llm: 0, 1, 1
    expect(report.systems).toEqual([
      { system: "first-d1", reference: 1 },
      { system: "first-d2", reference: 1 },
      { system: "first-d3", reference: 0 },
    ]);
    expect(llm!.ranking).toMatchObject({ systems: 3, scores: { "first-d1": 0, "first-d2": 1, "first-d3": 1 } });
    expect(llm!.ranking!.tau).toBeCloseTo(-0.5, 12);
    expect(llm!.ranking!.rho).toBeCloseTo(-0.5, 12);
  });

  it("ranks no systems when the reference has no (question, chunk) relevance labels", () => {
    expect(buildJudgeAgreement(inputs([])).systems).toBeNull();
    expect(buildJudgeAgreement(inputs([])).judges[0]!.ranking).toBeNull();
  });
});
