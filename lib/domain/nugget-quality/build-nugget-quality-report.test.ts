import { describe, expect, it } from "vitest";
import { REPORT_BOOTSTRAP } from "../agreement/report-bootstrap";
import { buildNuggetQualityReport, type ReviewInput } from "./build-nugget-quality-report";
import { microQuality } from "./nugget-quality";

const review = (
  question: string,
  annotator: string,
  marks: ("" | "A" | "B")[],
  missing: number,
  missingNuggets: string[] = [],
): ReviewInput => ({
  question,
  title: `Title of ${question}`,
  annotator,
  review: {
    nuggets: marks.map((m, i) => ({ nugget: `${question}-n${i + 1}`, hallucinated: m === "A", redundant: m === "B" })),
    missing,
    missingNuggets,
  },
  nuggetByText: new Map([["Added since", "q10-n9"]]),
  // q10's first nugget is vital, its others okay; q2's is not graded
  importance: new Map([
    ["q10-n1", "vital"],
    ["q10-n2", "okay"],
    ["q10-n3", "okay"],
    ["q2-n1", null],
  ]),
  version: 1,
  currentVersion: question === "q10" ? 2 : 1,
});

// q10 reviewed by two annotators (one marks nugget 1 hallucinated and writes a missing nugget), q2 by one
const reviews = [
  review("q10", "bea@x", ["", "", ""], 1),
  review("q10", "ann@x", ["A", "", ""], 1, ["Added since"]),
  review("q2", "ann@x", ["B"], 0, ["Still missing"]),
];
const report = buildNuggetQualityReport({
  campaign: { id: 3, name: "Review", nuggetSet: "main" },
  reviews,
  judgmentSide: { judgment: null, judgmentNote: null },
  bootstrap: REPORT_BOOTSTRAP,
});

describe("buildNuggetQualityReport", () => {
  it("gives precision and groundedness by the nuggets' importance, vital first", () => {
    // vital: q10-n1 twice (one A); okay: q10-n2, n3 twice each; not graded: q2-n1 (B)
    expect(report.byImportance).toEqual([
      { importance: "vital", nuggets: 2, precision: 1, groundedness: 0.5 },
      { importance: "okay", nuggets: 4, precision: 1, groundedness: 1 },
      { importance: "not graded", nuggets: 1, precision: 0, groundedness: 1 },
    ]);
  });

  it("groups the reviews by annotator (by email) and by question (in natural order)", () => {
    expect([report.reviews, report.questions]).toEqual([3, 2]);
    expect(report.perAnnotator.map((a) => [a.annotator, a.reviews])).toEqual([
      ["ann@x", 2],
      ["bea@x", 1],
    ]);
    expect(
      report.perQuestion.map((q) => [
        q.question,
        q.reviews,
        q.hallucinated,
        q.redundant,
        q.missing,
        q.currentNuggetVersion,
      ]),
    ).toEqual([
      ["q2", 1, 0, 1, 0, 1],
      ["q10", 2, 1, 0, 2, 2],
    ]);
  });

  it("pools every review for the overall micro figures", () => {
    expect(report.overall.micro).toEqual(
      microQuality(reviews.map((r) => ({ nuggets: r.review.nuggets, missing: r.review.missing }))),
    );
  });

  it("measures agreement only on questions reviewed twice or more", () => {
    expect(report.agreement).toMatchObject({ questions: 1, nuggets: 3 });
    expect(report.agreement!.hallucinated.map((s) => s.metric)).toEqual([
      "pairwise-agreement",
      "fleiss-kappa",
      "krippendorff-alpha-nominal",
    ]);
    // the two reviewers agree on nuggets 2 and 3 and split on nugget 1: 2 of 3 pairs agree
    expect(report.agreement!.hallucinated[0]!.value).toBeCloseTo(2 / 3, 12);
  });

  it("lists the missing nuggets written out, with the nugget they became", () => {
    expect(report.missingNuggets).toEqual([
      { question: "q10", annotator: "ann@x", text: "Added since", nugget: "q10-n9" },
      { question: "q2", annotator: "ann@x", text: "Still missing", nugget: null },
    ]);
  });

  it("has no agreement without overlapping reviews", () => {
    const single = buildNuggetQualityReport({
      campaign: { id: 3, name: "Review", nuggetSet: "main" },
      reviews: reviews.slice(1),
      judgmentSide: { judgment: null, judgmentNote: "no support campaign" },
      bootstrap: REPORT_BOOTSTRAP,
    });
    expect(single.agreement).toBeNull();
    expect(single.judgmentNote).toBe("no support campaign");
  });
});
