import { describe, expect, it } from "vitest";
import { buildAgreementReport } from "./build-agreement-report";
import type { PairCount } from "./pair-count";
import { REPORT_BOOTSTRAP } from "./report-bootstrap";

const bin = (value: string) => ({ value, scale: "binary" });
const row = (group: string, a: string, b: string, count: number): PairCount => ({ group, a: bin(a), b: bin(b), count });

describe("buildAgreementReport", () => {
  // an LLM (a) and people (b) on six targets: both positive 3 times, the LLM alone once, both negative twice
  const inputs = {
    sets: { a: "gpt-4o", b: "experts" },
    kinds: { a: "model", b: "human" } as const,
    rows: [row("q1", "1", "1", 3), row("q2", "1", "0", 1), row("q2", "0", "0", 2)],
    sizeA: 8,
    sizeB: 6,
    groupBy: "query",
    groupNames: (group: string | null) => [group ?? "none"],
    bootstrap: REPORT_BOOTSTRAP,
  };
  const report = buildAgreementReport(inputs);
  const stat = (metric: string) => report.statistics.find((s) => s.metric === metric)!.value;

  it("computes the statistics by their definitions", () => {
    expect(report.items).toBe(6);
    expect(report.onlyA).toBe(2);
    expect(report.onlyB).toBe(0);
    expect(stat("percent-agreement")).toBeCloseTo(5 / 6, 12);
    // po = 5/6, pe = (4/6)(3/6) + (2/6)(3/6) = 1/2
    expect(stat("cohen-kappa")).toBeCloseTo((5 / 6 - 1 / 2) / (1 / 2), 12);
    expect(report.confusion).toEqual([
      [2, 0],
      [1, 3],
    ]);
  });

  it("reports each group, in natural order", () => {
    expect(report.groups.map((g) => [g.group, g.items, g.agreement])).toEqual([
      ["q1", 3, 1],
      ["q2", 3, 2 / 3],
    ]);
  });

  it("tabulates the people's labels over the LLM's positives, highest level first", () => {
    expect(report.positives).toEqual({
      llm: "gpt-4o",
      human: "experts",
      pairs: 4,
      levels: [
        { level: "Supported", count: 3, share: 0.75 },
        { level: "Not supported", count: 1, share: 0.25 },
      ],
    });
  });

  it("has no such table for two people, nor for an LLM that called nothing positive", () => {
    expect(buildAgreementReport({ ...inputs, kinds: { a: "human", b: "human" } }).positives).toBeNull();
    expect(buildAgreementReport({ ...inputs, rows: [row("q1", "0", "1", 2)] }).positives).toBeNull();
  });

  it("says why the statistics are undefined when no target was labelled by both", () => {
    const empty = buildAgreementReport({ ...inputs, rows: [] });
    expect(empty.items).toBe(0);
    expect(empty.statistics.every((s) => s.value === null && s.reason)).toBe(true);
  });
});
