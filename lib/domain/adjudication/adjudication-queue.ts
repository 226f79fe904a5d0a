import { levelIndex, type Scale } from "../scales";

/** One item of a campaign as adjudication reads it: its position and each annotator's final level. */
export type AdjudicationItem = { itemId: number; position: number; levels: readonly string[] };

/** An item in the adjudicator's queue: how far apart its annotators' levels are (0..1 on the scale). */
export type QueuedItem = { itemId: number; position: number; distance: number };

/**
 * How far apart an item's levels are: the highest minus the lowest level's position, over the
 * scale's span (1: one annotator said the top level, another the bottom; 0: all the same). A level
 * the scale does not know is left out.
 */
export function levelDistance(scale: Scale, levels: readonly string[]): number {
  const positions = levels.flatMap((l) => {
    const i = levelIndex(scale, l);
    return i === null || i === undefined ? [] : [i];
  });
  if (positions.length < 2 || scale.levels.length < 2) return 0;
  return (Math.max(...positions) - Math.min(...positions)) / (scale.levels.length - 1);
}

/**
 * The adjudicator's queue (docs/DOMAIN.md, "Adjudication"): the items two or more annotators
 * labelled whose levels differ, the strongest disagreement first (levelDistance), then in the
 * campaign's order; with `every`, every item two or more annotators labelled, agreed ones last.
 * An item with fewer than two labels waits for its annotators.
 */
export function adjudicationQueue(items: readonly AdjudicationItem[], scale: Scale, every: boolean): QueuedItem[] {
  return items
    .filter((i) => i.levels.length >= 2 && (every || new Set(i.levels).size > 1))
    .map((i) => ({ itemId: i.itemId, position: i.position, distance: levelDistance(scale, i.levels) }))
    .sort((x, y) => y.distance - x.distance || x.position - y.position);
}

/**
 * The label set `adjudicated:<campaign>`: each item's final level, the one its annotators all gave
 * (unless every item goes through the queue) or the adjudicator's decision; an item still
 * undecided is left out and counted.
 */
export function adjudicatedLevels(
  items: readonly AdjudicationItem[],
  decisions: ReadonlyMap<number, string>,
  every: boolean,
): { levels: Map<number, string>; undecided: number } {
  const levels = new Map<number, string>();
  let undecided = 0;
  for (const item of items) {
    if (item.levels.length < 2) continue;
    const decided = decisions.get(item.itemId);
    const agreed = new Set(item.levels).size === 1 ? item.levels[0]! : null;
    const level = decided ?? (every ? null : agreed);
    if (level === null) undecided++;
    else levels.set(item.itemId, level);
  }
  return { levels, undecided };
}

/** Where a campaign's adjudication stands, for its page and the adjudicator's. */
export type AdjudicationCounts = {
  /** The campaign's items. */
  items: number;
  /** Items fewer than two annotators have labelled yet: not in the queue. */
  waiting: number;
  /** Items whose annotators all gave the same level. */
  agreed: number;
  /** Items whose annotators gave different levels. */
  disagreements: number;
  /** Items in the queue (the disagreements, or every labelled item when the setting asks). */
  queued: number;
  /** Items of the queue decided, and still to decide. */
  decided: number;
  undecided: number;
};

/** The counts of a campaign's adjudication: `total` items, the labelled `items`, the decisions. */
export function adjudicationCounts(
  total: number,
  items: readonly AdjudicationItem[],
  decisions: ReadonlyMap<number, string>,
  every: boolean,
): AdjudicationCounts {
  const ready = items.filter((i) => i.levels.length >= 2);
  const disagreements = ready.filter((i) => new Set(i.levels).size > 1).length;
  const queue = every ? ready : ready.filter((i) => new Set(i.levels).size > 1);
  const decided = queue.filter((i) => decisions.has(i.itemId)).length;
  return {
    items: total,
    waiting: total - ready.length,
    agreed: ready.length - disagreements,
    disagreements,
    queued: queue.length,
    decided,
    undecided: queue.length - decided,
  };
}
