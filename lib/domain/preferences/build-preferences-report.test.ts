import { describe, expect, it } from "vitest";
import { REPORT_BOOTSTRAP } from "../agreement/report-bootstrap";
import type { PreferenceJudgment } from "./aggregate";
import { buildPreferencesReport } from "./build-preferences-report";

const judgment = (annotator: string, left: "a" | "b", choices: PreferenceJudgment["choices"]): PreferenceJudgment => ({
  question: "r1",
  group: "all",
  annotator,
  a: "naive-fed",
  b: "best-fed",
  left,
  choices,
});

// two annotators on one request: the first prefers A on both criteria (A shown on the left), the
// second prefers A on coverage (A shown on the right) and has no preference on clarity
const report = buildPreferencesReport({
  source: "campaign:4",
  criteria: [
    { id: "coverage", name: "Coverage" },
    { id: "clarity", name: "Clarity" },
  ],
  judgments: [
    judgment("u1", "a", { coverage: "a", clarity: "a" }),
    judgment("u2", "b", { coverage: "a", clarity: "none" }),
  ],
  bootstrap: REPORT_BOOTSTRAP,
});

describe("buildPreferencesReport", () => {
  it("counts judgments, items, annotators and systems", () => {
    expect([report.judgments, report.items, report.annotators, report.systems]).toEqual([
      2,
      1,
      2,
      ["best-fed", "naive-fed"],
    ]);
  });

  it("tallies each criterion and the verdict", () => {
    const wins = (c: string) => report.perCriterion.find((x) => x.criterion === c)!.pairs[0]!;
    expect(wins("coverage")).toMatchObject({ first: "best-fed", second: "naive-fed", firstWins: 0, secondWins: 2 });
    expect(wins("clarity")).toMatchObject({ firstWins: 0, secondWins: 1 });
    expect(report.verdict.pairs[0]).toMatchObject({ firstWins: 0, secondWins: 2 });
    expect(report.verdict.winRates[0]).toMatchObject({ decided: 2, rate: 0 });
  });

  it("measures position bias over the choices for a side: 2 of 3 went to the left", () => {
    expect(report.positionBias).toMatchObject({ decided: 3, left: 2, share: 2 / 3 });
  });

  it("measures agreement per criterion, and no Bradley-Terry for two systems", () => {
    const coverage = report.agreement!.find((a) => a.criterion === "coverage")!;
    expect(coverage.statistics[0]).toMatchObject({ metric: "pairwise-agreement", value: 1 });
    expect(report.bradleyTerry).toBeNull();
  });
});
