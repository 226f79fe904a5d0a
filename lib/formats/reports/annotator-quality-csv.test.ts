import { describe, expect, it } from "vitest";
import { buildAnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { annotatorQualityCsv } from "./annotator-quality-csv";

const save = (annotator: string, item: string, level: string, startedAt: number) => ({
  annotator,
  item,
  phase: "blind",
  level,
  durationMs: 2000,
  startedAt,
});

describe("the annotator quality CSV", () => {
  it("writes one row per annotator with their references and kappa with each other, then everyone's shares", () => {
    const report = buildAnnotatorQualityReport({
      campaign: { id: 3, name: "c", taskType: "relevance", overlap: 2 },
      unit: "item",
      scale: {
        name: "binary",
        levels: [
          { value: "0", label: "No" },
          { value: "1", label: "Yes" },
        ],
      },
      saves: [save("ann", "s1", "1", 1), save("ann", "g1", "1", 2), save("bo", "s1", "0", 1), save("bo", "g1", "1", 2)],
      skips: new Map([["bo", 2]]),
      gold: new Map([["g1", "1"]]),
      adjudicated: { reason: "none" },
      llm: { judge: "gpt", labels: new Map([["s1", "1"]]) },
    });
    const [header, ann, bo, everyone, end] = annotatorQualityCsv(report).split("\n");
    expect(header).toBe(
      "annotator,labels,skips,median_seconds,p90_seconds,drift,longest_run_level,longest_run,share:0,share:1," +
        "gold_items,gold_accuracy,gold_low,gold_high,gold_kappa,gold_kappa_low,gold_kappa_high,gold_kappa_withheld," +
        "adjudicated_items,adjudicated_accuracy,adjudicated_low,adjudicated_high,adjudicated_kappa," +
        "adjudicated_kappa_low,adjudicated_kappa_high,adjudicated_kappa_withheld," +
        "llm_items,llm_accuracy,llm_low,llm_high,llm_kappa,llm_kappa_low,llm_kappa_high,llm_kappa_withheld," +
        "kappa_with:ann,kappa_with:bo",
    );
    const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!).slice(0, -1);
    expect(cells(ann!).slice(0, 11)).toEqual(["ann", "2", "0", "2", "2", "0", "1", "2", "0", "1", "1"]);
    expect(cells(ann!)[11]).toBe("1"); // gold accuracy
    expect(cells(ann!).slice(18, 26)).toEqual(["", "", "", "", "", "", "", ""]); // no adjudicated levels
    expect(cells(ann!).slice(26, 28)).toEqual(["1", "1"]); // the LLM on s1
    expect(cells(bo!).slice(0, 3)).toEqual(["bo", "2", "2"]);
    expect(cells(bo!).slice(26, 28)).toEqual(["1", "0"]);
    // kappa between them: the column of the other annotator, empty on one's own
    expect(cells(ann!)[34]).toBe("");
    expect(cells(ann!)[35]).toBe(cells(bo!)[34]);
    expect(cells(ann!)).toHaveLength(36);
    expect(cells(everyone!).slice(0, 2)).toEqual(["everyone", "4"]);
    expect(cells(everyone!).slice(8, 10)).toEqual(["0.25", "0.75"]);
    expect(end).toBe("");
  });
});
