import { describe, expect, it } from "vitest";
import { buildCalibrationReport } from "@/lib/domain/calibration/build-calibration-report";
import { calibrationCsv } from "./calibration-csv";

const labels = (entries: Record<string, string>) =>
  new Map(Object.entries(entries).map(([key, value]) => [key, { value }]));

describe("the calibration CSV", () => {
  it("writes each judge's measures one per line, an ensemble's ties and a both-orders judge's consistency", () => {
    const agreement = {
      items: 2,
      comparedOn: "a / b / none",
      categories: ["a", "b"],
      confusion: [
        [1, 0],
        [1, 0],
      ],
      bias: null,
      statistics: [
        { metric: "cohen-kappa", value: 0, low: -0.5, high: 0.5 },
        {
          metric: "percent-agreement",
          value: 0.5,
          low: null,
          high: null,
          withheld: "2 items: an interval needs at least 20, so 18 more",
        },
      ],
    };
    const report = buildCalibrationReport({
      human: "experts",
      people: labels({ t1: "a", t2: "b" }),
      judges: [
        {
          judge: "j",
          task: "preference",
          templateName: "t",
          templateVersion: "v1",
          model: "m",
          runs: 1,
          labels: labels({ t1: "a", t2: "a" }),
          agreement,
          cost: { known: 0.004, unknown: 0 },
          orders: [
            { shown: "a", swapped: "b" },
            { shown: "a", swapped: "a" },
          ],
          ties: null,
          replies: new Map(),
        },
      ],
      ensemble: null,
    });
    expect(calibrationCsv(report).split("\n")).toEqual([
      "judge,measure,value,low,high,items,withheld",
      "j,labels,2,,,2,",
      "j,items,2,,,2,",
      "j,cost-per-1000,2,,,2,",
      "j,disagreements,1,,,2,",
      "j,cohen-kappa,0,-0.5,0.5,2,",
      'j,percent-agreement,0.5,,,2,"2 items: an interval needs at least 20, so 18 more"',
      `j,position-consistency,0.5,${report.judges[0]!.positionConsistency!.low},${report.judges[0]!.positionConsistency!.high},2,`,
      "j,confusion:a|a,1,,,2,",
      "j,confusion:a|b,0,,,2,",
      "j,confusion:b|a,1,,,2,",
      "j,confusion:b|b,0,,,2,",
      "",
    ]);
  });
});
