import { describe, expect, it } from "vitest";
import type { NuggetList } from "./nugget-list";
import type { NuggetReview } from "./nugget-review";
import { reviewedList } from "./reviewed-list";

const list: NuggetList = {
  version: 1,
  nuggets: [
    { id: "q_1", position: 1, text: "retry() retries", importance: "vital" },
    { id: "q_2", position: 2, text: "the docs explain it", importance: "okay" },
    { id: "q_3", position: 3, text: "made up", importance: null },
  ],
};
const review = (marks: [boolean, boolean][], missingNuggets: string[] = []): NuggetReview => ({
  nuggets: marks.map(([hallucinated, redundant], i) => ({ nugget: `q_${i + 1}`, hallucinated, redundant })),
  missing: missingNuggets.length,
  missingNuggets,
});

describe("a question's reviewed list", () => {
  it("keeps its list when no one reviewed it", () => {
    expect(reviewedList(list, [])).toEqual([
      { text: "retry() retries", importance: "vital", added: false },
      { text: "the docs explain it", importance: "okay", added: false },
      { text: "made up", importance: null, added: false },
    ]);
  });

  it("leaves out a nugget most reviews mark A or B, keeps one on a tie, and adds the missing nuggets once", () => {
    const reviews = [
      review(
        [
          [false, false],
          [false, true],
          [true, false],
        ],
        ["backoff doubles", " the docs explain it "],
      ),
      review(
        [
          [false, false],
          [false, false],
          [true, true],
        ],
        ["backoff doubles ", "jitter spreads retries"],
      ),
    ];
    expect(reviewedList(list, reviews)).toEqual([
      { text: "retry() retries", importance: "vital", added: false },
      { text: "the docs explain it", importance: "okay", added: false },
      { text: "backoff doubles", importance: null, added: true },
      { text: "jitter spreads retries", importance: null, added: true },
    ]);
  });

  it("leaves out a nugget the one review marks", () => {
    expect(
      reviewedList(list, [
        review([
          [false, false],
          [false, true],
          [false, false],
        ]),
      ]).map((n) => n.text),
    ).toEqual(["retry() retries", "made up"]);
  });
});
