import { describe, expect, it } from "vitest";
import { adjudicationItems } from "./adjudication-items";

const row = (itemId: number, userId: number, phase: string, level: string | null) => ({
  itemId,
  position: itemId * 10,
  targetKey: `qd:1:${itemId}`,
  queryId: 1,
  nuggetId: null,
  userId,
  phase,
  payload: JSON.stringify(level === null ? { review: {} } : { level }),
});

describe("a campaign's annotations as adjudication reads them", () => {
  it("keeps each annotator's latest level per item (a revision wins), in annotator order, items in campaign order", () => {
    const { items, labels } = adjudicationItems([
      row(2, 7, "blind", "relevant"),
      row(1, 9, "blind", "not_relevant"),
      row(1, 7, "blind", "relevant"),
      row(1, 9, "revised", "relevant"),
      row(2, 3, "blind", null), // no level: not a label
    ]);
    expect(items).toEqual([
      { itemId: 1, position: 10, levels: ["relevant", "relevant"] },
      { itemId: 2, position: 20, levels: ["relevant"] },
    ]);
    expect(labels.get(1)!.map((l) => [l.row.userId, l.row.phase])).toEqual([
      [7, "blind"],
      [9, "revised"],
    ]);
  });
});
