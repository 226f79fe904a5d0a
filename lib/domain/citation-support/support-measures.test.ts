import { describe, expect, it } from "vitest";
import { answerSupport, runSupport } from "./support-measures";

describe("weighted precision and recall of citation support, on hand-worked answers", () => {
  it("weigh full 1, partial 0.5 and none 0; precision over judged pairs, recall over sentences", () => {
    // s1 cites two passages (full, partial): its best is 1; s2 has no citation: 0;
    // s3 cites one passage, partial: 0.5; s4 cites one, none: 0
    const answer = answerSupport([
      { citations: ["full_support", "partial_support"] },
      { citations: [] },
      { citations: ["partial_support"] },
      { citations: ["no_support"] },
    ]);
    // precision (1 + 0.5 + 0.5 + 0) / 4 pairs; recall (1 + 0 + 0.5 + 0) / 4 sentences
    expect(answer).toEqual({ weightedPrecision: 0.5, weightedRecall: 0.375, pairs: 4, sentences: 4 });
  });

  it("leave out a sentence whose citations none was judged (only the first citation of each, as the paper judged)", () => {
    const answer = answerSupport([
      { citations: ["partial_support", null] },
      { citations: [null, null] },
      { citations: [] },
    ]);
    // precision 0.5 over one pair; recall (0.5 + 0) / 2: the second sentence is unknown, not unsupported
    expect(answer).toEqual({ weightedPrecision: 0.5, weightedRecall: 0.25, pairs: 1, sentences: 2 });
    // an answer without a citation: nothing to be precise about, and nothing supported
    expect(answerSupport([{ citations: [] }, { citations: [] }])).toEqual({
      weightedPrecision: null,
      weightedRecall: 0,
      pairs: 0,
      sentences: 2,
    });
    expect(answerSupport([{ citations: [null] }])).toEqual({
      weightedPrecision: null,
      weightedRecall: null,
      pairs: 0,
      sentences: 0,
    });
  });

  it("give a run the mean over its answers that have each measure", () => {
    const answers = [
      answerSupport([{ citations: ["full_support"] }, { citations: [] }]), // P 1, R 0.5
      answerSupport([{ citations: ["partial_support", "no_support"] }]), // P 0.25, R 0.5
      answerSupport([{ citations: [] }]), // P none, R 0
    ];
    expect(runSupport(answers)).toEqual({
      weightedPrecision: 0.625,
      weightedRecall: 1 / 3,
      answers: { precision: 2, recall: 3 },
    });
    expect(runSupport([])).toEqual({
      weightedPrecision: null,
      weightedRecall: null,
      answers: { precision: 0, recall: 0 },
    });
  });
});
