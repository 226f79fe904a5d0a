import type { PendingSave } from "./save-queue";

/**
 * The version a new save of an item's label in one phase carries: one more than the highest the
 * annotator has, stored on the server or still waiting in the outbox (a save queued while offline
 * counts, so two quick saves never share a version, and the server keeps the newest).
 */
export function nextSaveVersion(
  stored: readonly { phase: string; version: number }[],
  pending: readonly PendingSave[],
  itemId: number,
  phase: string,
): number {
  const versions = [
    ...stored.filter((m) => m.phase === phase).map((m) => m.version),
    ...pending.filter((p) => p.itemId === itemId && p.save.phase === phase).map((p) => p.save.version),
  ];
  return Math.max(0, ...versions) + 1;
}
