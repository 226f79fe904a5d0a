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
