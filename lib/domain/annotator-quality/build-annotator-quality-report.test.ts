import { describe, expect, it } from "vitest";
import { buildAnnotatorQualityReport, finalLabels, type QualitySave } from "./build-annotator-quality-report";

const save = (
  annotator: string,
  item: string,
  level: string,
  startedAt: number,
  phase = "blind",
  durationMs = 1000,
) => ({
  annotator,
  item,
  phase,
  level,
  durationMs,
  startedAt,
});

describe("finalLabels", () => {
  it("keeps the revision, sums the seconds of every save and orders by the first save", () => {
    const saves: QualitySave[] = [
      save("ann", "b", "0", 20, "blind", 4000),
      save("ann", "a", "1", 10, "blind", 2000),
      save("ann", "a", "0", 30, "revised", 500),
    ];
    expect(finalLabels(saves)).toEqual([
      { annotator: "ann", item: "a", level: "0", seconds: 2.5 },
      { annotator: "ann", item: "b", level: "0", seconds: 4 },
    ]);
  });
});

describe("finalLabels of a nugget assignment", () => {
  it("keeps the nuggets of one save in their answer's order, each with its share of the seconds", () => {
    // one answer's three nuggets saved at once (6 s shared: 2 s each), then a revision of the second
    const saves: QualitySave[] = [
      { ...save("ann", "na:9:1", "support", 50, "blind", 2000), position: 0 },
      { ...save("ann", "na:10:1", "not_support", 50, "blind", 2000), position: 1 },
      { ...save("ann", "na:8:1", "support", 50, "blind", 2000), position: 2 },
      { ...save("ann", "na:10:1", "partial_support", 90, "revised", 1000), position: 1 },
    ];
    expect(finalLabels(saves)).toEqual([
      { annotator: "ann", item: "na:9:1", level: "support", seconds: 2 },
      { annotator: "ann", item: "na:10:1", level: "partial_support", seconds: 3 },
      { annotator: "ann", item: "na:8:1", level: "support", seconds: 2 },
    ]);
  });
});

describe("the annotator quality report, on hand-worked labels", () => {
  // s1..s4 sampled, g1 and g2 gold (known answers 1 and 0); each annotator labels in the order listed
  const levels: Record<string, [string, string][]> = {
    ann: [
      ["s1", "1"],
      ["s2", "0"],
      ["s3", "1"],
      ["s4", "1"],
      ["g1", "1"],
      ["g2", "1"],
    ],
    bo: [
      ["s1", "1"],
      ["s2", "1"],
      ["s3", "1"],
      ["s4", "0"],
      ["g1", "1"],
      ["g2", "0"],
    ],
  };
  const saves = Object.entries(levels).flatMap(([who, list]) =>
    list.map(([item, level], i) => save(who, item, level, i)),
  );
  const report = buildAnnotatorQualityReport({
    campaign: { id: 1, name: "c", taskType: "relevance", overlap: 2 },
    unit: "item",
    scale: {
      name: "binary",
      levels: [
        { value: "0", label: "No" },
        { value: "1", label: "Yes" },
      ],
    },
    saves,
    skips: new Map([["bo", 1]]),
    gold: new Map([
      ["g1", "1"],
      ["g2", "0"],
    ]),
    adjudicated: {
      levels: new Map([
        ["s1", "1"],
        ["s2", "1"],
        ["s3", "1"],
        ["s4", "0"],
      ]),
    },
    llm: {
      judge: "gpt",
      labels: new Map([
        ["s1", "1"],
        ["s2", "0"],
      ]),
    },
  });
  const [ann, bo] = report.annotators;

  it("counts gold accuracy and kappa on the gold items only", () => {
    expect(report.goldItems).toBe(2);
    expect(ann).toMatchObject({ annotator: "ann", labels: 6, skips: 0, gold: { items: 2, accuracy: 0.5 } });
    // ann says 1 on both gold items: p_o = 1/2, p_e = 1 * 1/2 = 1/2, kappa 0
    expect(ann!.gold.kappa.value).toBeCloseTo(0, 12);
    expect(bo).toMatchObject({ annotator: "bo", skips: 1, gold: { items: 2, accuracy: 1 } });
    expect(bo!.gold.kappa.value).toBeCloseTo(1, 12);
    // Wilson's interval around 1/2 of 2
    expect(ann!.gold.interval!.low).toBeCloseTo(0.0945, 4);
    expect(ann!.gold.interval!.high).toBeCloseTo(0.9055, 4);
  });

  it("compares the sampled items with the adjudicated levels and the LLM", () => {
    expect(ann!.adjudicated).toMatchObject({ items: 4, accuracy: 0.5 });
    expect(bo!.adjudicated).toMatchObject({ items: 4, accuracy: 1 });
    expect(ann!.llm).toMatchObject({ items: 2, accuracy: 1 });
    expect(bo!.llm).toMatchObject({ items: 2, accuracy: 0.5 });
    expect(report.llm).toEqual({ judge: "gpt", reason: null });
  });

  it("gives each pair of annotators Cohen's kappa on the sampled items both labelled, gold out", () => {
    // on s1..s4 they agree on s1 and s3; each gives 1 three times of 4: p_e = 3/4*3/4 + 1/4*1/4 = 10/16
    // (with g1 and g2 they would agree on 3 of 6 with p_e = 22/36, as the Agreement page never counts)
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ a: "ann", b: "bo", items: 4, accuracy: 0.5 });
    const kappa = report.pairs[0]!.kappa;
    expect(kappa.value).toBeCloseTo((0.5 - 10 / 16) / (1 - 10 / 16), 12);
    // 4 items: no bootstrap interval (20 needed), and the reason says how many more
    expect(kappa).toMatchObject({ low: null, high: null, withheld: expect.stringContaining("so 16 more") });
  });

  it("shares of everyone's labels, and each one's confusion as Dawid and Skene estimate it", () => {
    expect(report.everyone).toEqual({ "0": 3 / 12, "1": 9 / 12 });
    expect(ann!.levels).toEqual({ "0": 1 / 6, "1": 5 / 6 });
    for (const a of report.annotators)
      for (const row of Object.values(a.confusion!))
        expect(Object.values(row).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    expect(report.dawidSkene.reason).toBeNull();
  });

  it("says why a reference is missing", () => {
    const single = buildAnnotatorQualityReport({
      campaign: { id: 1, name: "c", taskType: "relevance", overlap: 1 },
      unit: "item",
      scale: {
        name: "binary",
        levels: [
          { value: "0", label: "No" },
          { value: "1", label: "Yes" },
        ],
      },
      saves: [save("ann", "s1", "1", 0)],
      skips: new Map(),
      gold: new Map(),
      adjudicated: { reason: "one annotator per item" },
      llm: { reason: "no LLM" },
    });
    expect(single.annotators[0]).toMatchObject({
      adjudicated: null,
      llm: null,
      confusion: null,
      gold: { items: 0, accuracy: null },
    });
    expect(single.adjudicated.reason).toBe("one annotator per item");
    expect(single.llm).toEqual({ judge: null, reason: "no LLM" });
    expect(single.dawidSkene.reason).toMatch(/two or more annotators/);
  });
});
