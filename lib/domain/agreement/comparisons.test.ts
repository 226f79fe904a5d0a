import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { confusionMatrix } from "./confusion-matrix";
import { fuseLevels } from "./fusion";
import { cohenKappa, percentAgreement, weightedKappa } from "./kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { pairStatisticsWithIntervals, statisticsFromCounts } from "./pair-statistics";

const repeat = (...runs: [number, number][]) => runs.flatMap(([value, times]) => Array<number>(times).fill(value));

describe("statistics from a confusion matrix", () => {
  it("equal the statistics computed from the labels (scikit-learn's and Artstein & Poesio's vectors)", () => {
    const pairs = { a: repeat([0, 46], [1, 44], [2, 10]), b: repeat([0, 50], [1, 40], [2, 10]), categories: 3 };
    const s = statisticsFromCounts(confusionMatrix(pairs), true);
    expect(s["cohen-kappa"].value).toBeCloseTo(0.9315, 4);
    expect(s["weighted-kappa-linear"].value).toBeCloseTo(0.9412, 4);
    expect(s["weighted-kappa-quadratic"].value).toBeCloseTo(0.9541, 4);
    expect(s["percent-agreement"].value).toBe(percentAgreement(pairs).value);
    expect(s["weighted-kappa-linear"].value).toBe(weightedKappa(pairs, "linear").value);
  });

  it("give Krippendorff's alpha through the coincidences: LLMJudge willia-umbrela1 ordinal 0.4918", () => {
    const read = (f: string) =>
      new Map(
        fs
          .readFileSync(f, "utf8")
          .trim()
          .split("\n")
          .map((l) => {
            const [q, , d, r] = l.split(/\s+/);
            return [`${q} ${d}`, Math.min(3, Math.max(0, Number(r)))] as const;
          }),
      );
    const dir = new URL("../../../../shared/data/llmjudge/", import.meta.url).pathname;
    const human = read(`${dir}human_qrels.txt`);
    const llm = read(`${dir}llm_labels/willia-umbrela1.txt`);
    const keys = [...human.keys()];
    const pairs = { a: keys.map((k) => human.get(k)!), b: keys.map((k) => llm.get(k)!), categories: 4 };
    const s = statisticsFromCounts(confusionMatrix(pairs), true);
    expect(s["krippendorff-alpha-ordinal"].value!.toFixed(4)).toBe("0.4918");
    expect(s["cohen-kappa"].value!.toFixed(4)).toBe("0.2863");
    const units = keys.flatMap((_, i) => [i, i]);
    const direct = krippendorffAlpha(
      { unit: units, code: keys.flatMap((_, i) => [pairs.a[i]!, pairs.b[i]!]), units: keys.length, categories: 4 },
      "nominal",
    );
    expect(s["krippendorff-alpha-nominal"].value).toBeCloseTo(direct.value!, 12);
  });

  it("leave order-dependent statistics undefined for unordered categories, and everything undefined without items", () => {
    const s = statisticsFromCounts(
      [
        [2, 1],
        [0, 3],
      ],
      false,
    );
    expect(s["weighted-kappa-linear"]).toEqual({ value: null, reason: "the categories have no order" });
    expect(s["cohen-kappa"].value).toBe(
      cohenKappa({ a: [0, 0, 0, 1, 1, 1], b: [0, 0, 1, 1, 1, 1], categories: 2 }).value,
    );
    expect(
      statisticsFromCounts(
        [
          [0, 0],
          [0, 0],
        ],
        true,
      )["cohen-kappa"],
    ).toEqual({ value: null, reason: "no items labelled by both sources" });
  });
});

describe("bootstrap intervals of the pair statistics", () => {
  const pairs = { a: repeat([0, 46], [1, 44], [2, 10]), b: repeat([0, 52], [1, 32], [2, 16]), categories: 3 };

  it("are reproducible, seeded, and surround the estimate", () => {
    const first = pairStatisticsWithIntervals(pairs, true, { seed: 3 });
    expect(pairStatisticsWithIntervals(pairs, true, { seed: 3 })).toEqual(first);
    const kappa = first["cohen-kappa"];
    expect(kappa.value).toBeCloseTo(0.8013, 4);
    expect(kappa.low!).toBeLessThan(kappa.value!);
    expect(kappa.high!).toBeGreaterThan(kappa.value!);
  });

  it("are null without items", () => {
    expect(pairStatisticsWithIntervals({ a: [], b: [], categories: 2 }, true)["cohen-kappa"]).toEqual({
      value: null,
      reason: "no items labelled by both sources",
      low: null,
      high: null,
    });
  });
});

describe("FeB4RAG fusion", () => {
  it("takes the closest level of the mean, ties to the lower level, so 'fused >= 1' is 'mean >= 1'", () => {
    expect(
      [
        [0, 0],
        [0, 1],
        [1, 1],
        [1, 2],
        [0, 3],
        [2, 3],
        [3, 3],
        [0, 2],
      ].map(([a, b]) => fuseLevels(a!, b!)),
    ).toEqual([0, 0, 1, 1, 1, 2, 3, 1]);
    for (let a = 0; a <= 3; a++) for (let b = 0; b <= 3; b++) expect(fuseLevels(a, b) >= 1).toBe((a + b) / 2 >= 1);
  });
});
