import { levelIndex, type Scale } from "../scales";

/**
 * One judged target of a campaign as adjudication reads it: the item it is shown in (its id and
 * position), its target key (the item's own; a nugget-assignment item has one per nugget of its
 * answer, `na:<nugget>:<system>`), and each annotator's final level on it.
 */
export type AdjudicationUnit = { itemId: number; position: number; key: string; levels: readonly string[] };

/**
 * An item in the adjudicator's queue: how far apart its annotators' levels are (0..1 on the
 * scale, the farthest of its targets), and the targets of it the queue asks to decide.
 */
export type QueuedItem = { itemId: number; position: number; distance: number; keys: string[] };

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

const ready = (u: AdjudicationUnit) => u.levels.length >= 2;
const differs = (u: AdjudicationUnit) => new Set(u.levels).size > 1;

/** Whether the queue asks to decide a target with these levels: two or more annotators labelled it differently (with `every`, labelled it). */
export const isQueued = (levels: readonly string[], every: boolean): boolean =>
  levels.length >= 2 && (every || new Set(levels).size > 1);

/** The targets the queue asks to decide (isQueued). */
const queuedUnits = (units: readonly AdjudicationUnit[], every: boolean) =>
  units.filter((u) => isQueued(u.levels, every));

/**
 * The adjudicator's queue (docs/DOMAIN.md, "Adjudication"): the items with a target two or more
 * annotators labelled differently, the strongest disagreement first (levelDistance, the farthest of
 * the item's targets), then in the campaign's order; with `every`, every item two or more
 * annotators labelled, agreed ones last. A target with fewer than two labels waits for its
 * annotators.
 */
export function adjudicationQueue(units: readonly AdjudicationUnit[], scale: Scale, every: boolean): QueuedItem[] {
  const byItem = new Map<number, QueuedItem>();
  for (const u of queuedUnits(units, every)) {
    const item = byItem.get(u.itemId) ?? { itemId: u.itemId, position: u.position, distance: 0, keys: [] };
    item.distance = Math.max(item.distance, levelDistance(scale, u.levels));
    item.keys.push(u.key);
    byItem.set(u.itemId, item);
  }
  return [...byItem.values()].sort((x, y) => y.distance - x.distance || x.position - y.position);
}

/**
 * The label set `adjudicated:<campaign>`, by target key: each target's final level, the one its
 * annotators all gave (unless every target goes through the queue) or the adjudicator's decision;
 * a target still undecided is left out and counted.
 */
export function adjudicatedLevels(
  units: readonly AdjudicationUnit[],
  decisions: ReadonlyMap<string, string>,
  every: boolean,
): { levels: Map<string, string>; undecided: number } {
  const levels = new Map<string, string>();
  let undecided = 0;
  for (const unit of units) {
    if (!ready(unit)) continue;
    const decided = decisions.get(unit.key);
    const level = decided ?? (every || differs(unit) ? null : unit.levels[0]!);
    if (level === null) undecided++;
    else levels.set(unit.key, level);
  }
  return { levels, undecided };
}

/**
 * Where a campaign's adjudication stands, for its page and the adjudicator's. `items` and
 * `waiting` count items; the others count targets (an item's own, or each nugget of an answer).
 */
export type AdjudicationCounts = {
  /** The campaign's items. */
  items: number;
  /** Items fewer than two annotators have labelled yet: not in the queue. */
  waiting: number;
  /** Targets whose annotators all gave the same level. */
  agreed: number;
  /** Targets whose annotators gave different levels. */
  disagreements: number;
  /** Targets in the queue (the disagreements, or every labelled target when the setting asks). */
  queued: number;
  /** Targets of the queue decided, and still to decide. */
  decided: number;
  undecided: number;
};

/** The counts of a campaign's adjudication: `total` items, the labelled targets, the decisions. */
export function adjudicationCounts(
  total: number,
  units: readonly AdjudicationUnit[],
  decisions: ReadonlyMap<string, string>,
  every: boolean,
): AdjudicationCounts {
  const labelled = units.filter(ready);
  const disagreements = labelled.filter(differs).length;
  const queue = queuedUnits(units, every);
  const decided = queue.filter((u) => decisions.has(u.key)).length;
  return {
    items: total,
    waiting: total - new Set(labelled.map((u) => u.itemId)).size,
    agreed: labelled.length - disagreements,
    disagreements,
    queued: queue.length,
    decided,
    undecided: queue.length - decided,
  };
}
