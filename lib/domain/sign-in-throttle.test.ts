import { describe, expect, it } from "vitest";
import { SignInThrottle, type SignInThrottleSettings } from "./sign-in-throttle";

const settings: SignInThrottleSettings = {
  accountFailures: 3,
  clientFailures: 10,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
  maxKeys: 100,
};

describe("SignInThrottle", () => {
  it("lets a client fail at an account a few times freely, then doubles its wait after each failure, up to the cap", () => {
    const throttle = new SignInThrottle(settings);
    let now = 0;
    for (let i = 0; i < 3; i++) {
      expect(throttle.admit("1.2.3.4", "ada@lab.org", now)).toBeNull();
      throttle.failed("1.2.3.4", "ada@lab.org", now);
    }
    expect(throttle.admit("1.2.3.4", "ada@lab.org", now)).toEqual({ waitMs: 1000 });
    now += 1000;
    expect(throttle.admit("1.2.3.4", "ada@lab.org", now)).toBeNull();
    throttle.failed("1.2.3.4", "ada@lab.org", now);
    expect(throttle.admit("1.2.3.4", "ada@lab.org", now + 1)).toEqual({ waitMs: 1999 });
    // the same client's other accounts are not slowed yet (4 failures of 10)
    expect(throttle.admit("1.2.3.4", "bob@lab.org", now + 1)).toBeNull();
    for (let i = 0; i < 10; i++) {
      now += 60_000;
      throttle.failed("1.2.3.4", "ada@lab.org", now);
    }
    expect(throttle.admit("1.2.3.4", "ada@lab.org", now)?.waitMs).toBe(60_000);
  });

  it("never locks an account: another client, with the right password, gets in at once", () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 50; i++) throttle.failed("attacker", "ada@lab.org", i);
    expect(throttle.admit("attacker", "ada@lab.org", 50)?.waitMs).toBeGreaterThan(0);
    expect(throttle.admit("ada's laptop", "ada@lab.org", 50)).toBeNull();
  });

  it("slows a client that sprays many accounts, and a success at its own account does not reset that", () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 10; i++) {
      expect(throttle.admit("sprayer", `user${i}@lab.org`, i)).toBeNull();
      throttle.failed("sprayer", `user${i}@lab.org`, i);
    }
    throttle.succeeded("sprayer", "own@lab.org");
    expect(throttle.admit("sprayer", "user99@lab.org", 10)).toEqual({ waitMs: 999 });
  });

  it("forgets a client's count for an account after a success, and any count after the window once its wait has passed", () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 4; i++) throttle.failed("c", "a", 0);
    throttle.succeeded("c", "a");
    expect(throttle.admit("c", "a", 0)).toBeNull();
    for (let i = 0; i < 4; i++) throttle.failed("d", "a", 0);
    expect(throttle.admit("d", "a", 15 * 60_000 + 1)).toBeNull();
    expect(throttle.size).toBe(1); // c's total, which its success did not clear
    expect(throttle.admit("c", "b", 15 * 60_000 + 1)).toBeNull();
    expect(throttle.size).toBe(0);
  });

  it("keeps at most maxKeys counts, forgetting the least recently seen", () => {
    const throttle = new SignInThrottle(settings);
    for (let i = 0; i < 1000; i++) throttle.failed(`client-${i}`, "a", i);
    expect(throttle.size).toBe(100);
    for (let i = 0; i < 3; i++) throttle.failed("client-999", "a", 1000);
    expect(throttle.admit("client-999", "a", 1000)?.waitMs).toBeGreaterThan(0);
  });
});
