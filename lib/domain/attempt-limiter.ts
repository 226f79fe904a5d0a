/**
 * Counts failed attempts per key (an account) in a sliding window: after `maxFailures` failures
 * within `windowMs`, the key is refused until the oldest of them leaves the window. A success
 * clears the key. Pure: the caller passes the time.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again (0: it may now). */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    return recent.length < this.maxFailures ? 0 : recent[recent.length - this.maxFailures]! + this.windowMs - now;
  }

  recordFailure(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }
}
