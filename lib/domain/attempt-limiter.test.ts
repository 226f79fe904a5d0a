import { describe, expect, it } from "vitest";
import { AttemptLimiter } from "./attempt-limiter";

describe("AttemptLimiter", () => {
  it("refuses a key after too many failures in the window, until the oldest leaves it", () => {
    const limiter = new AttemptLimiter(3, 60_000);
    for (const t of [0, 10_000, 20_000]) {
      expect(limiter.retryAfter("ada", t)).toBe(0);
      limiter.recordFailure("ada", t);
    }
    expect(limiter.retryAfter("ada", 30_000)).toBe(30_000); // the failure at 0 leaves the window at 60 s
    expect(limiter.retryAfter("bob", 30_000)).toBe(0); // other keys are unaffected
    expect(limiter.retryAfter("ada", 60_001)).toBe(0);
  });

  it("forgets a key's failures after a success", () => {
    const limiter = new AttemptLimiter(2, 60_000);
    limiter.recordFailure("ada", 0);
    limiter.recordSuccess("ada");
    limiter.recordFailure("ada", 1);
    expect(limiter.retryAfter("ada", 2)).toBe(0);
    limiter.recordFailure("ada", 3);
    expect(limiter.retryAfter("ada", 4)).toBe(59_997);
  });
});
