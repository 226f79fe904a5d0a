import { describe, expect, it } from "vitest";
import { BUILTIN_SCALES } from "../scales";
import { adjudicatedLevels, adjudicationCounts, adjudicationQueue, levelDistance } from "./adjudication-queue";

const relevance = BUILTIN_SCALES["relevance-3"];
const [non, partly, rel] = relevance.levels.map((l) => l.value) as [string, string, string];
const unit = (itemId: number, levels: string[], key = `t${itemId}`) => ({ itemId, position: itemId - 1, key, levels });
const units = [
  unit(1, [rel, rel]), // agreed
  unit(2, [partly, rel]), // half the scale apart
  unit(3, [non, rel]), // the whole scale apart
  unit(4, [non]), // one label: waits
  unit(5, [non, partly]), // half apart, later
];

describe("the adjudication queue", () => {
  it("lists the items whose annotators differ, the farthest apart first, then in campaign order", () => {
    expect(levelDistance(relevance, [non, rel])).toBe(1);
    expect(levelDistance(relevance, [partly, rel, rel])).toBe(0.5);
    expect(levelDistance(relevance, [rel])).toBe(0);
    expect(adjudicationQueue(units, relevance, false)).toEqual([
      { itemId: 3, position: 2, distance: 1, keys: ["t3"] },
      { itemId: 2, position: 1, distance: 0.5, keys: ["t2"] },
      { itemId: 5, position: 4, distance: 0.5, keys: ["t5"] },
    ]);
    // every item through the queue: the agreed one last
    expect(adjudicationQueue(units, relevance, true).map((i) => i.itemId)).toEqual([3, 2, 5, 1]);
  });

  it("queues an answer once, with the nuggets its annotators differ on, by its farthest nugget", () => {
    const answer = [
      unit(7, [rel, rel], "na:1:9"),
      unit(7, [partly, rel], "na:2:9"),
      unit(7, [non, partly], "na:3:9"),
      unit(8, [non, non], "na:1:8"),
    ];
    expect(adjudicationQueue(answer, relevance, false)).toEqual([
      { itemId: 7, position: 6, distance: 0.5, keys: ["na:2:9", "na:3:9"] },
    ]);
    expect(adjudicationQueue(answer, relevance, true).map((i) => i.keys)).toEqual([
      ["na:1:9", "na:2:9", "na:3:9"],
      ["na:1:8"],
    ]);
  });

  it("makes the adjudicated label set of the agreed targets and the decisions, counting the undecided", () => {
    const decisions = new Map([["t3", partly]]);
    expect(adjudicatedLevels(units, decisions, false)).toEqual({
      levels: new Map([
        ["t1", rel],
        ["t3", partly],
      ]),
      undecided: 2,
    });
    // every item through the queue: an agreed item is final only once decided
    expect(adjudicatedLevels(units, decisions, true)).toEqual({ levels: new Map([["t3", partly]]), undecided: 3 });
  });

  it("counts what waits, what agrees, what the queue holds and how much of it is decided", () => {
    const decisions = new Map([["t3", partly]]);
    // 6 items: one never labelled, one with a single label (both wait), one agreed, three differ
    expect(adjudicationCounts(6, units, decisions, false)).toEqual({
      items: 6,
      waiting: 2,
      agreed: 1,
      disagreements: 3,
      queued: 3,
      decided: 1,
      undecided: 2,
    });
    expect(adjudicationCounts(6, units, decisions, true)).toMatchObject({ queued: 4, decided: 1, undecided: 3 });
    // the counts and the label set agree on what is undecided
    expect(adjudicationCounts(6, units, decisions, true).undecided).toBe(
      adjudicatedLevels(units, decisions, true).undecided,
    );
  });
});
