import { describe, expect, it } from "vitest";
import { BUILTIN_SCALES } from "../scales";
import { adjudicatedLevels, adjudicationCounts, adjudicationQueue, levelDistance } from "./adjudication-queue";

const relevance = BUILTIN_SCALES["relevance-3"];
const [non, partly, rel] = relevance.levels.map((l) => l.value) as [string, string, string];
const items = [
  { itemId: 1, position: 0, levels: [rel, rel] }, // agreed
  { itemId: 2, position: 1, levels: [partly, rel] }, // half the scale apart
  { itemId: 3, position: 2, levels: [non, rel] }, // the whole scale apart
  { itemId: 4, position: 3, levels: [non] }, // one label: waits
  { itemId: 5, position: 4, levels: [non, partly] }, // half apart, later
];

describe("the adjudication queue", () => {
  it("lists the items whose annotators differ, the farthest apart first, then in campaign order", () => {
    expect(levelDistance(relevance, [non, rel])).toBe(1);
    expect(levelDistance(relevance, [partly, rel, rel])).toBe(0.5);
    expect(levelDistance(relevance, [rel])).toBe(0);
    expect(adjudicationQueue(items, relevance, false)).toEqual([
      { itemId: 3, position: 2, distance: 1 },
      { itemId: 2, position: 1, distance: 0.5 },
      { itemId: 5, position: 4, distance: 0.5 },
    ]);
    // every item through the queue: the agreed one last
    expect(adjudicationQueue(items, relevance, true).map((i) => i.itemId)).toEqual([3, 2, 5, 1]);
  });

  it("makes the adjudicated label set of the agreed items and the decisions, counting the undecided", () => {
    const decisions = new Map([[3, partly]]);
    expect(adjudicatedLevels(items, decisions, false)).toEqual({
      levels: new Map([
        [1, rel],
        [3, partly],
      ]),
      undecided: 2,
    });
    // every item through the queue: an agreed item is final only once decided
    expect(adjudicatedLevels(items, decisions, true)).toEqual({ levels: new Map([[3, partly]]), undecided: 3 });
  });

  it("counts what waits, what agrees, what the queue holds and how much of it is decided", () => {
    const decisions = new Map([[3, partly]]);
    // 6 items: one never labelled, one with a single label (both wait), one agreed, three differ
    expect(adjudicationCounts(6, items, decisions, false)).toEqual({
      items: 6,
      waiting: 2,
      agreed: 1,
      disagreements: 3,
      queued: 3,
      decided: 1,
      undecided: 2,
    });
    expect(adjudicationCounts(6, items, decisions, true)).toMatchObject({ queued: 4, decided: 1, undecided: 3 });
    // the counts and the label set agree on what is undecided
    expect(adjudicationCounts(6, items, decisions, true).undecided).toBe(
      adjudicatedLevels(items, decisions, true).undecided,
    );
  });
});
