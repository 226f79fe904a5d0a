import { describe, expect, it } from "vitest";
import { adjudicationUnits } from "./adjudication-items";

const row = (itemId: number, userId: number, phase: string, level: string | null, targetKey = `qd:1:${itemId}`) => ({
  itemId,
  position: itemId * 10,
  targetKey,
  queryId: 1,
  nuggetId: null,
  userId,
  phase,
  payload: JSON.stringify(level === null ? { review: {} } : { level }),
});

describe("a campaign's annotations as adjudication reads them", () => {
  it("keeps each annotator's latest level per target (a revision wins), in annotator order, targets in campaign order", () => {
    const { units, labels } = adjudicationUnits([
      row(2, 7, "blind", "relevant"),
      row(1, 9, "blind", "not_relevant"),
      row(1, 7, "blind", "relevant"),
      row(1, 9, "revised", "relevant"),
      row(2, 3, "blind", null), // no level: not a label
      row(3, 7, "blind", "support", "na:5:2"), // an answer's nuggets: one target each
      row(3, 7, "blind", "not_support", "na:6:2"),
    ]);
    expect(units).toEqual([
      { itemId: 1, position: 10, key: "qd:1:1", levels: ["relevant", "relevant"] },
      { itemId: 2, position: 20, key: "qd:1:2", levels: ["relevant"] },
      { itemId: 3, position: 30, key: "na:5:2", levels: ["support"] },
      { itemId: 3, position: 30, key: "na:6:2", levels: ["not_support"] },
    ]);
    expect(labels.get("qd:1:1")!.map((l) => [l.row.userId, l.row.phase])).toEqual([
      [7, "blind"],
      [9, "revised"],
    ]);
  });
});
