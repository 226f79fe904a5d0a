import { describe, expect, it } from "vitest";
import { answerNuggetScores, meanNuggetScores, type NuggetAssignment, type NuggetImportance } from "./nugget-scores";

const n = (importance: NuggetImportance, assignment: NuggetAssignment) => ({ importance, assignment });

describe("answerNuggetScores (nuggetizer's calculate_nugget_scores)", () => {
  it("counts a partial support as half, the strict forms full support only", () => {
    // vital: support, partial, not; okay: support, partial
    const scores = answerNuggetScores([
      n("vital", "support"),
      n("vital", "partial_support"),
      n("vital", "not_support"),
      n("okay", "support"),
      n("okay", "partial_support"),
    ]);
    expect(scores).toEqual({
      strict_vital_score: 1 / 3,
      strict_all_score: 2 / 5,
      vital_score: 1.5 / 3,
      all_score: 3 / 5,
    });
  });

  it("scores 0 on both Vital scores for a question without a vital nugget, and 0 everywhere without nuggets", () => {
    expect(answerNuggetScores([n("okay", "support"), n("okay", "partial_support")])).toEqual({
      strict_vital_score: 0,
      strict_all_score: 0.5,
      vital_score: 0,
      all_score: 0.75,
    });
    expect(answerNuggetScores([])).toEqual({
      strict_vital_score: 0,
      strict_all_score: 0,
      vital_score: 0,
      all_score: 0,
    });
  });

  it("gives a run the mean over its answers", () => {
    const run = meanNuggetScores([
      answerNuggetScores([n("vital", "support")]),
      answerNuggetScores([n("vital", "partial_support"), n("okay", "not_support")]),
    ]);
    // all: (1 + 0.5 / 2) / 2
    expect(run).toEqual({ strict_vital_score: 0.5, strict_all_score: 0.5, vital_score: 0.75, all_score: 0.625 });
  });
});
