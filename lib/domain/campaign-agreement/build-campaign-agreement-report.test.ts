import { describe, expect, it } from "vitest";
import { REPORT_BOOTSTRAP } from "../agreement/report-bootstrap";
import { BUILTIN_SCALES } from "../scales";
import { buildCampaignAgreementReport, type Profile } from "./build-campaign-agreement-report";

const llm = (value: string) => ({ value, scale: "binary" });
// two annotators: both say supported on 2 items (the LLM too), they split on 1 (the LLM says no), a alone labels 1
const profiles: Profile[] = [
  {
    labels: [
      { email: "a@x", level: "1" },
      { email: "b@x", level: "1" },
    ],
    llm: llm("1"),
    items: 2,
  },
  {
    labels: [
      { email: "a@x", level: "1" },
      { email: "b@x", level: "0" },
    ],
    llm: llm("0"),
    items: 1,
  },
  { labels: [{ email: "a@x", level: "0" }], llm: null, items: 1 },
];
const inputs = {
  campaign: { id: 7, name: "Check", protocol: "blind" as const },
  phase: "blind" as const,
  scale: BUILTIN_SCALES.binary,
  llmJudge: "gpt-4o",
  profiles,
  bootstrap: REPORT_BOOTSTRAP,
};

describe("buildCampaignAgreementReport", () => {
  const report = buildCampaignAgreementReport(inputs);

  it("counts items labelled by two or more annotators, singly labelled ones and labels", () => {
    expect(report.annotators).toEqual(["a@x", "b@x"]);
    expect([report.items, report.singlyLabelled, report.labels]).toEqual([3, 1, 7]);
    expect(report.statistics.find((s) => s.metric === "pairwise-agreement")!.value).toBeCloseTo(2 / 3, 12);
  });

  it("compares each pair of annotators", () => {
    expect(report.pairs.map((p) => [p.a, p.b, p.items, p.agreement])).toEqual([["a@x", "b@x", 3, 2 / 3]]);
  });

  it("compares the annotators with the LLM, each and together", () => {
    // a: agrees on 2 of 3 compared items, b on 3 of 3
    expect(report.llm!.annotators.map((x) => [x.annotator, x.items, x.agreement])).toEqual([
      ["a@x", 3, 2 / 3],
      ["b@x", 3, 1],
    ]);
    expect(report.llm!.overall.agreement).toBeCloseTo(5 / 6, 12);
    expect(report.llm!.positives).toEqual({
      llm: "gpt-4o",
      human: "the annotators",
      pairs: 4,
      levels: [{ level: "Supported", count: 4, share: 1 }],
    });
  });

  it("has no LLM section without an LLM judge", () => {
    expect(buildCampaignAgreementReport({ ...inputs, llmJudge: null }).llm).toBeNull();
  });
});
