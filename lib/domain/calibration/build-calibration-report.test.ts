import { describe, expect, it } from "vitest";
import {
  buildCalibrationReport,
  disagreementsOf,
  SHOWN_DISAGREEMENTS,
  type CalibrationJudgeInput,
} from "./build-calibration-report";

const labels = (entries: Record<string, string>) =>
  new Map(Object.entries(entries).map(([key, value]) => [key, { value }]));

const people = labels({ t1: "1", t2: "0", t3: "1", t4: "0" });

const agreement = {
  items: 4,
  comparedOn: "Supported / not supported",
  categories: ["0", "1"],
  confusion: [
    [1, 1],
    [1, 1],
  ],
  bias: null,
  statistics: [
    { metric: "cohen-kappa", value: 0, low: -0.5, high: 0.5 },
    { metric: "not-a-calibration-statistic", value: 1, low: null, high: null },
  ],
};

const judge = (over: Partial<CalibrationJudgeInput>): CalibrationJudgeInput => ({
  judge: "j",
  task: "support",
  templateName: "t",
  templateVersion: "v1",
  model: "m",
  runs: 1,
  labels: labels({ t1: "1", t2: "1", t3: "0", t4: "0" }),
  agreement,
  cost: { known: 0.02, unknown: 0 },
  orders: null,
  ties: null,
  replies: new Map([["t2", "it says so"]]),
  ...over,
});

describe("the calibration report", () => {
  it("shows where a judge differs from the people, with its reply, and what 1,000 labels cost", () => {
    const report = buildCalibrationReport({ human: "experts", people, judges: [judge({})], ensemble: null });
    const row = report.judges[0]!;
    expect(row.disagreements).toEqual([
      { targetKey: "t2", judge: "1", human: "0", reply: "it says so" },
      { targetKey: "t3", judge: "0", human: "1", reply: null },
    ]);
    expect(row.disagreementCount).toBe(2);
    expect(row.costPer1000).toBeCloseTo((0.02 / 4) * 1000, 12); // $5 per 1,000 labels
    expect(row.statistics.map((s) => s.metric)).toEqual(["cohen-kappa"]);
    expect(row.labels).toBe(4);
    expect(row.positionConsistency).toBeNull();
  });

  it("leaves the cost unknown when a call's is, and when the judge has no label", () => {
    const unknown = buildCalibrationReport({
      human: "experts",
      people,
      judges: [judge({ cost: { known: 0.02, unknown: 1 } }), judge({ judge: "empty", labels: new Map() })],
      ensemble: null,
    });
    expect(unknown.judges.map((j) => j.costPer1000)).toEqual([null, null]);
  });

  it("counts a both-orders judge's position consistency over its runs", () => {
    const report = buildCalibrationReport({
      human: "experts",
      people,
      judges: [
        judge({
          orders: [
            { shown: "a", swapped: "b" }, // the same answer both ways: consistent
            { shown: "a", swapped: "a" }, // the first shown both times: inconsistent
            { shown: "none", swapped: "none" },
          ],
        }),
      ],
      ensemble: null,
    });
    expect(report.judges[0]!.positionConsistency).toMatchObject({ pairs: 3, inconsistent: 1, share: 2 / 3 });
  });

  it("scores an ensemble beside its members: their runs and their costs together, its ties", () => {
    const report = buildCalibrationReport({
      human: "experts",
      people,
      judges: [judge({ judge: "a", runs: 2 }), judge({ judge: "b", runs: 1, cost: { known: 0.04, unknown: 0 } })],
      ensemble: {
        judge: "ensemble:a+b",
        templateName: "ensemble",
        templateVersion: "",
        model: "a + b",
        members: ["a", "b"],
        labels: labels({ t1: "1" }),
        agreement,
        ties: 3,
        replies: new Map(),
      },
    });
    const row = report.judges[2]!;
    expect(row).toMatchObject({ judge: "ensemble:a+b", runs: 3, ties: 3, task: "support", disagreementCount: 0 });
    expect(row.costPer1000).toBeCloseTo(5 + 10, 12);
    expect(() =>
      buildCalibrationReport({
        human: "x",
        people,
        judges: [],
        ensemble: { ...report.judges[2]!, members: ["c"] } as never,
      }),
    ).toThrow("members are judges of the report");
  });

  it("shows the first disagreements and counts them all", () => {
    const many = new Map(Array.from({ length: SHOWN_DISAGREEMENTS + 5 }, (_, i) => [`k${i}`, { value: "1" }]));
    const theirs = new Map([...many.keys()].map((k) => [k, { value: "0" }]));
    const { shown, count } = disagreementsOf(many, theirs);
    expect(shown).toHaveLength(SHOWN_DISAGREEMENTS);
    expect(count).toBe(SHOWN_DISAGREEMENTS + 5);
  });
});
