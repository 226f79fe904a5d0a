import { describe, expect, it } from "vitest";
import { blankReview, nuggetReviewSchema, questionReviewOf, reconcileReview, reviewMismatch } from "./nugget-review";

describe("nugget reviews", () => {
  const review = {
    nuggets: [
      { nugget: "q1_1", hallucinated: true, redundant: false },
      { nugget: "q1_2", hallucinated: false, redundant: true },
    ],
    missing: 2,
    missingNuggets: ["Mentions the retry limit"],
  };

  it("accepts a review and refuses malformed ones", () => {
    expect(nuggetReviewSchema.parse(review)).toEqual(review);
    expect(nuggetReviewSchema.parse({ nuggets: [], missing: 0 })).toEqual({
      nuggets: [],
      missing: 0,
      missingNuggets: [],
    });
    expect(nuggetReviewSchema.safeParse({ ...review, missing: -1 }).success).toBe(false);
    expect(nuggetReviewSchema.safeParse({ ...review, missing: 1.5 }).success).toBe(false);
    expect(nuggetReviewSchema.safeParse({ ...review, missing: 0 }).success).toBe(false); // one written out, none counted
    expect(nuggetReviewSchema.safeParse({ ...review, level: "1" }).success).toBe(false);
    expect(nuggetReviewSchema.safeParse({ level: "1" }).success).toBe(false);
  });

  it("must cover the question's nuggets in order", () => {
    const parsed = nuggetReviewSchema.parse(review);
    expect(reviewMismatch(parsed, ["q1_1", "q1_2"])).toBeNull();
    expect(reviewMismatch(parsed, ["q1_1", "q1_2", "q1_3"])).toBe("the question has 3 nuggets, the review marks 2");
    expect(reviewMismatch(parsed, ["q1_2", "q1_1"])).toBe(
      'nugget 1 of the review is "q1_1", the question\'s is "q1_2"',
    );
  });

  it("starts blank and gives the metrics their counts", () => {
    expect(blankReview(["a", "b"])).toEqual({
      nuggets: [
        { nugget: "a", hallucinated: false, redundant: false },
        { nugget: "b", hallucinated: false, redundant: false },
      ],
      missing: 0,
      missingNuggets: [],
    });
    expect(questionReviewOf(nuggetReviewSchema.parse(review))).toEqual({
      nuggets: [
        { hallucinated: true, redundant: false },
        { hallucinated: false, redundant: true },
      ],
      missing: 2,
    });
  });
});

describe("a saved review and changed nuggets", () => {
  it("keeps the marks by nugget id, adds new nuggets unmarked and keeps C", () => {
    const saved = nuggetReviewSchema.parse({
      nuggets: [
        { nugget: "a", hallucinated: true, redundant: false },
        { nugget: "b", hallucinated: false, redundant: true },
      ],
      missing: 1,
    });
    expect(reconcileReview(saved, ["a", "b"])).toBe(saved);
    expect(reconcileReview(saved, ["b", "c"])).toEqual({
      nuggets: [
        { nugget: "b", hallucinated: false, redundant: true },
        { nugget: "c", hallucinated: false, redundant: false },
      ],
      missing: 1,
      missingNuggets: [],
    });
  });
});
