import { describe, expect, it } from "vitest";
import { buildPoolGrid } from "./build-pool-grid";

const doc = (id: number) => ({ id, externalId: `d${id}`, title: "", repo: null, path: null });
const label = (targetKey: string, judge: string, kind: string, value: string, scale = "binary") => ({
  targetKey,
  value,
  scale,
  judge: { name: judge, kind },
});

const grid = buildPoolGrid({
  queryId: 5,
  nuggets: [{ id: 1, position: 1, text: "Retries back off" }],
  pool: [
    { sources: JSON.stringify([{ system: "bm25", rank: 3 }]), document: doc(10) },
    { sources: "not json", document: doc(11) },
  ],
  labels: [
    label("nd:1:10", "expert@x", "human", "0"),
    label("nd:1:10", "gpt-4o", "model", "1"),
    label("qd:5:11", "gpt-4o", "model", "relevant", "relevance-3"),
  ],
  retrieved: [
    { documentId: 11, rank: 1, system: { name: "dense" } },
    { documentId: 10, rank: 2, system: { name: "dense" } },
  ],
});

describe("buildPoolGrid", () => {
  it("has a column per nugget, and one for the question once chunks were judged for relevance", () => {
    expect(grid.columns.map((c) => [c.key, c.title])).toEqual([
      ["n1", "N1"],
      ["q", "Question"],
    ]);
    expect(grid.judges).toEqual([
      { name: "gpt-4o", kind: "model" },
      { name: "expert@x", kind: "human" },
    ]);
  });

  it("orders chunks by their best rank in any run, each system at its best rank", () => {
    expect(grid.chunks.map((c) => [c.externalId, c.sources])).toEqual([
      ["d11", [{ system: "dense", rank: 1 }]],
      [
        "d10",
        [
          { system: "dense", rank: 2 },
          { system: "bm25", rank: 3 },
        ],
      ],
    ]);
  });

  it("shows every judge's label in a cell, LLMs first, and counts the disagreements", () => {
    const cell = grid.chunks[1]!.cells[0]!;
    expect(cell.labels.map((l) => [l.judge, l.text, l.positive])).toEqual([
      ["gpt-4o", "Supported", true],
      ["expert@x", "Not supported", false],
    ]);
    expect(cell.majority).toMatchObject({ value: "0" });
    expect(cell.disagreement).toBeGreaterThan(0);
    expect(grid.chunks.map((c) => c.disagreements)).toEqual([0, 1]);
    expect(grid.chunks[0]!.cells[0]).toBeNull();
  });
});
