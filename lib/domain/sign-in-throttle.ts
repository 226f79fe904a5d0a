/**
 * How sign-ins are slowed down without ever locking an account. Counts are kept per client (its
 * network address) and per client and account, never per account alone: a few failures are free,
 * then each next attempt waits twice as long as the one before (1 s, 2 s, 4 s, ... up to
 * `maxDelayMs`) after the last failure. A client that guesses one account's password is slowed
 * after `accountFailures`; one that tries many accounts (spraying) after `clientFailures` in all.
 * A success clears the client's count for that account (not its total: signing in to one's own
 * account does not buy more guesses at others). No client can lock another's account out: the
 * right password from another client always gets in. (How many password checks run at once, from
 * all clients together, is the server's sign-in gate: lib/server/auth/sign-in-gate.ts, which makes
 * a crowd wait its turn rather than refusing it.) Memory is bounded: at most
 * `maxKeys` counts are kept (the least recently seen is forgotten first), each for `windowMs` after
 * its last failure (or its wait, when longer). Pure: the caller passes the time.
 */
export type SignInThrottleSettings = {
  accountFailures: number;
  clientFailures: number;
  maxDelayMs: number;
  windowMs: number;
  maxKeys: number;
};

export const SIGN_IN_THROTTLE: SignInThrottleSettings = {
  accountFailures: 5,
  clientFailures: 20,
  maxDelayMs: 15 * 60 * 1000,
  windowMs: 15 * 60 * 1000,
  maxKeys: 20_000,
};

/** How long an attempt must wait (its client failed too often). */
export type ThrottleWait = { waitMs: number };

type Count = { failures: number; last: number };

export class SignInThrottle {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly settings: SignInThrottleSettings = SIGN_IN_THROTTLE) {}

  /** Whether `client` may try to sign in to `account` now: null, or how long it must wait first. */
  admit(client: string, account: string, now: number): ThrottleWait | null {
    const waitMs = Math.max(
      this.wait(pairKey(client, account), this.settings.accountFailures, now),
      this.wait(clientKey(client), this.settings.clientFailures, now),
    );
    return waitMs > 0 ? { waitMs } : null;
  }

  failed(client: string, account: string, now: number): void {
    this.count(pairKey(client, account), this.settings.accountFailures, now);
    this.count(clientKey(client), this.settings.clientFailures, now);
  }

  succeeded(client: string, account: string): void {
    this.counts.delete(pairKey(client, account));
  }

  /** How many counts are kept (for tests of the bound). */
  get size(): number {
    return this.counts.size;
  }

  private delayAfter(failures: number, free: number): number {
    const over = failures - free;
    return over < 0 ? 0 : Math.min(this.settings.maxDelayMs, 1000 * 2 ** over);
  }

  private wait(key: string, free: number, now: number): number {
    const count = this.current(key, free, now);
    return count ? Math.max(0, count.last + this.delayAfter(count.failures, free) - now) : 0;
  }

  private count(key: string, free: number, now: number): void {
    const failures = (this.current(key, free, now)?.failures ?? 0) + 1;
    this.counts.delete(key);
    if (this.counts.size >= this.settings.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { failures, last: now }); // the most recently seen last
  }

  private current(key: string, free: number, now: number): Count | undefined {
    const count = this.counts.get(key);
    if (count && now - count.last > Math.max(this.settings.windowMs, this.delayAfter(count.failures, free))) {
      this.counts.delete(key);
      return undefined;
    }
    return count;
  }
}

const clientKey = (client: string) => `c\n${client}`;
const pairKey = (client: string, account: string) => `a\n${client}\n${account}`;
