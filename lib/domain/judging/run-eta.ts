/**
 * Seconds until a run's remaining calls are done at the pace of those done so far (from its first
 * stored outcome to its last): null before two outcomes, or when nothing remains.
 */
export function runEtaSeconds(o: {
  finished: number;
  remaining: number;
  firstFinishedAt: Date | null;
  lastFinishedAt: Date | null;
}): number | null {
  if (o.remaining === 0 || o.finished < 2 || !o.firstFinishedAt || !o.lastFinishedAt) return null;
  const seconds = (o.lastFinishedAt.getTime() - o.firstFinishedAt.getTime()) / 1000;
  if (seconds <= 0) return null;
  return Math.ceil((o.remaining * seconds) / (o.finished - 1));
}

/** How long a run may go without a stored outcome before its progress says what it waits for. */
export const STALL_SECONDS = 10;

/**
 * What a running run is waiting for when no outcome was stored in the last STALL_SECONDS (null
 * while it moves, or when nothing remains): calls a worker holds (a slow endpoint, or a process that
 * stopped, whose leases end unless renewed), or a worker to claim the pending ones (none runs, or
 * the endpoint's slots are held, maybe by a process that stopped).
 */
export function runWaiting(o: {
  pending: number;
  leased: number;
  lastFinishedAt: Date | null;
  startedAt: Date;
  /** When the last lease of its leased calls ends unless renewed. */
  leasesEndAt: Date | null;
  /** The endpoint's slots held now, and when the last of them ends unless renewed. */
  slots: { held: number; of: number; endAt: Date | null };
  now: Date;
}): string | null {
  if (o.pending + o.leased === 0) return null;
  const since = (o.lastFinishedAt ?? o.startedAt).getTime();
  if (o.now.getTime() - since < STALL_SECONDS * 1000) return null;
  const inSeconds = (at: Date | null) => Math.max(0, Math.ceil(((at?.getTime() ?? 0) - o.now.getTime()) / 1000));
  if (o.leased > 0)
    return `waiting for ${o.leased} call${o.leased === 1 ? "" : "s"} a worker holds: the endpoint has not answered yet, or the worker stopped and ${o.leased === 1 ? "it is" : "they are"} taken over in ${inSeconds(o.leasesEndAt)} s unless it renews ${o.leased === 1 ? "its lease" : "their leases"}`;
  if (o.slots.held >= o.slots.of && o.slots.of > 0)
    return `waiting for a slot: all ${o.slots.of} of the endpoint's slots are held (by other runs, or by a worker that stopped: free in ${inSeconds(o.slots.endAt)} s unless renewed)`;
  return "waiting for a worker: every server's background worker works running runs (unless ASSAY_JUDGE_WORKER=off), as does `assay judge run --run ID`";
}
