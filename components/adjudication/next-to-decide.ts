/**
 * The next undecided item of the queue after `from` (wrapping round to the start; from the start
 * when `from` is null or no longer queued), or null when every item is decided. An item just decided
 * may still read as undecided in a queue fetched before: it is passed as `from` and skipped.
 */
export function nextToDecide(
  queue: readonly { itemId: number; decided: boolean }[],
  from: number | null,
): number | null {
  const start = from === null ? -1 : queue.findIndex((q) => q.itemId === from);
  for (let step = 1; step <= queue.length; step++) {
    const q = queue[(start + step + queue.length) % queue.length]!;
    if (!q.decided && q.itemId !== from) return q.itemId;
  }
  return null;
}

/**
 * The item `step` places from `from` in the queue (← is -1, → is 1), or null past either end; with
 * no item shown (every item decided), → opens the first item and ← the last.
 */
export function stepInQueue(queue: readonly { itemId: number }[], from: number | null, step: -1 | 1): number | null {
  const at = from === null ? -1 : queue.findIndex((q) => q.itemId === from);
  const next = at === -1 ? (step === 1 ? queue[0] : queue.at(-1)) : queue[at + step];
  return next?.itemId ?? null;
}
