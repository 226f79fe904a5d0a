/**
 * Requests per key (an API token) in fixed windows: at most `limit` in each window of `windowMs`;
 * beyond it a request is refused until the window ends. Pure: the caller passes the time. A key
 * may make up to twice the limit across a window's boundary; the limit is a guard, not a meter.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request of `key`; returns 0 when it may go on, or the milliseconds until it may. */
  take(key: string, now: number): number {
    let window = this.windows.get(key);
    if (!window || now >= window.start + this.windowMs) {
      if (this.windows.size >= 10_000) this.forgetEnded(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) return window.start + this.windowMs - now;
    window.count++;
    return 0;
  }

  private forgetEnded(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.start + this.windowMs) this.windows.delete(key);
  }
}
