import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";

describe("RateLimiter", () => {
  it("lets `limit` requests through per window and says how long the next one waits", () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([0, 10, 20].map((t) => limiter.take("a", t))).toEqual([0, 0, 0]);
    expect(limiter.take("a", 30)).toBe(59_970);
    expect(limiter.take("b", 30)).toBe(0); // keys count apart
    expect(limiter.take("a", 60_000)).toBe(0); // a new window
    expect(limiter.take("a", 60_001)).toBe(0);
  });

  it("counts a refused request as nothing", () => {
    const limiter = new RateLimiter(1, 1000);
    expect(limiter.take("a", 0)).toBe(0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.take("a", t)).toBe(1000 - t);
    expect(limiter.take("a", 1000)).toBe(0);
  });
});
