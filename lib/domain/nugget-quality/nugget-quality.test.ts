import { describe, expect, it } from "vitest";
import {
  lastNuggetShareOfRedundant,
  macroQuality,
  microQuality,
  qualityByPosition,
  questionQuality,
} from "./nugget-quality";
import type { QuestionReview } from "../nuggets/nugget-review";

const ok = { hallucinated: false, redundant: false };
const redundant = { hallucinated: false, redundant: true };
const hallucinated = { hallucinated: true, redundant: false };

// Worked by hand: q1 has 4 nuggets, the last minor, one missing; q2 has 2 nuggets, the first hallucinated.
const q1: QuestionReview = { nuggets: [ok, ok, ok, redundant], missing: 1 };
const q2: QuestionReview = { nuggets: [hallucinated, ok], missing: 0 };

describe("nugget quality of one question", () => {
  it("precision (|N| - ΣB) / |N|, recall (|N| - ΣB) / (|N| - ΣB + C), groundedness (|N| - ΣA) / |N|", () => {
    expect(questionQuality(q1)).toEqual({
      nuggets: 4,
      precision: { value: 0.75 },
      recall: { value: 0.75 },
      groundedness: { value: 1 },
    });
    expect(questionQuality(q2)).toEqual({
      nuggets: 2,
      precision: { value: 1 },
      recall: { value: 1 },
      groundedness: { value: 0.5 },
    });
  });

  it("no nuggets: precision and groundedness undefined; recall 0 when some are missing, undefined when none", () => {
    expect(questionQuality({ nuggets: [], missing: 2 })).toEqual({
      nuggets: 0,
      precision: { value: null, reason: "no nuggets" },
      recall: { value: 0 },
      groundedness: { value: null, reason: "no nuggets" },
    });
    expect(questionQuality({ nuggets: [], missing: 0 }).recall).toEqual({
      value: null,
      reason: "no useful nugget and none missing",
    });
  });

  it("all redundant: precision 0, recall 0 with a missing nugget, undefined without; C = 0 with no redundancy: recall 1", () => {
    expect(questionQuality({ nuggets: [redundant, redundant], missing: 0 })).toMatchObject({
      precision: { value: 0 },
      recall: { value: null },
    });
    expect(questionQuality({ nuggets: [redundant, redundant], missing: 1 }).recall).toEqual({ value: 0 });
    expect(questionQuality({ nuggets: [ok, hallucinated], missing: 0 }).recall).toEqual({ value: 1 });
  });
});

describe("aggregated over questions", () => {
  it("macro averages the questions, micro sums the nuggets", () => {
    expect(macroQuality([q1, q2])).toEqual({
      nuggets: 6,
      precision: { value: 0.875 },
      recall: { value: 0.875 },
      groundedness: { value: 0.75 },
    });
    const micro = microQuality([q1, q2]);
    expect(micro.precision.value).toBeCloseTo(5 / 6, 12); // (4 - 1 + 2 - 0) / 6
    expect(micro.recall.value).toBeCloseTo(5 / 6, 12); // 5 / (5 + 1 missing)
    expect(micro.groundedness.value).toBeCloseTo(5 / 6, 12); // (6 - 1) / 6
  });

  it("macro skips the questions where a value is undefined, and is undefined without any", () => {
    const empty: QuestionReview = { nuggets: [], missing: 0 };
    expect(macroQuality([q1, empty]).precision).toEqual({ value: 0.75 });
    expect(macroQuality([empty]).precision).toEqual({ value: null, reason: "no question where it is defined" });
    expect(microQuality([]).precision).toEqual({ value: null, reason: "no nuggets" });
  });

  it("by position: the share of nuggets at each position that are neither minor nor hallucinated", () => {
    expect(qualityByPosition([q1, q2])).toEqual([
      { position: 1, nuggets: 2, precision: 1, groundedness: 0.5 },
      { position: 2, nuggets: 2, precision: 1, groundedness: 1 },
      { position: 3, nuggets: 1, precision: 1, groundedness: 1 },
      { position: 4, nuggets: 1, precision: 0, groundedness: 1 },
    ]);
  });
});

describe("where the redundant nuggets sit", () => {
  it("gives the share of minor or redundant marks on a question's last nugget", () => {
    // q1: its last nugget is redundant; q3: the first of three is, and the last
    const q3: QuestionReview = { nuggets: [redundant, ok, redundant], missing: 0 };
    expect(lastNuggetShareOfRedundant([q1, q2, q3])).toEqual({ value: 2 / 3 });
    expect(lastNuggetShareOfRedundant([q2])).toEqual({ value: null, reason: "no nugget is marked minor or redundant" });
  });
});
