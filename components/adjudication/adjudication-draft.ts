/** What the adjudicator is deciding on the item shown: a level per target (by key), the reason, the target in focus. */
export type AdjudicationDraft = {
  itemId: number;
  levels: Record<string, string>;
  reason: string;
  focus: string | null;
};

type View = {
  item: { itemId: number };
  targets: readonly { key: string; queued: boolean; decision: { level: string; reason: string | null } | null }[];
};

const queuedKeys = (view: View) => view.targets.filter((t) => t.queued).map((t) => t.key);

/** A new item's draft: the levels decided before, the reason given, the focus on the first target still to choose. */
export function startDraft(view: View): AdjudicationDraft {
  const queued = view.targets.filter((t) => t.queued);
  const levels = Object.fromEntries(queued.flatMap((t) => (t.decision ? [[t.key, t.decision.level]] : [])));
  return {
    itemId: view.item.itemId,
    levels,
    reason: queued.find((t) => t.decision?.reason)?.decision?.reason ?? "",
    focus: queued.find((t) => !(t.key in levels))?.key ?? queued[0]?.key ?? null,
  };
}

/** A level chosen for the target in focus (or `key`); the focus moves on to the next target still to choose, if any. */
export function choose(draft: AdjudicationDraft, view: View, level: string, key = draft.focus): AdjudicationDraft {
  if (key === null) return draft;
  const levels = { ...draft.levels, [key]: level };
  const keys = queuedKeys(view);
  const after = [...keys.slice(keys.indexOf(key) + 1), ...keys.slice(0, keys.indexOf(key))];
  return { ...draft, levels, focus: after.find((k) => !(k in levels)) ?? key };
}

/** The focus one target up or down (↑ / ↓), staying on the first or the last. */
export function moveFocus(draft: AdjudicationDraft, view: View, step: -1 | 1): AdjudicationDraft {
  const keys = queuedKeys(view);
  const at = draft.focus === null ? -1 : keys.indexOf(draft.focus);
  const next = keys[Math.min(Math.max(at + step, 0), keys.length - 1)];
  return next === undefined ? draft : { ...draft, focus: next };
}

/** The levels a decision sends: every target the queue asks about has one, else null (not ready). */
export function decidedLevels(draft: AdjudicationDraft, view: View): Record<string, string> | null {
  const keys = queuedKeys(view);
  if (keys.length === 0 || keys.some((k) => !(k in draft.levels))) return null;
  return Object.fromEntries(keys.map((k) => [k, draft.levels[k]!]));
}
