import { afterEach, describe, expect, it } from "vitest";
import { authSecret } from "./config";

// What every server process checks at start (instrumentation.ts): the session secret.
const saved = process.env.NEXTAUTH_SECRET;
afterEach(() => {
  if (saved === undefined) delete process.env.NEXTAUTH_SECRET;
  else process.env.NEXTAUTH_SECRET = saved;
});

describe("authSecret", () => {
  it("refuses a missing or short secret with a message naming the fix", () => {
    delete process.env.NEXTAUTH_SECRET;
    expect(() => authSecret()).toThrow(
      "NEXTAUTH_SECRET is not set (or shorter than 16 characters): set it to a long random string",
    );
    process.env.NEXTAUTH_SECRET = "changeme";
    expect(() => authSecret()).toThrow(/shorter than 16 characters/);
    process.env.NEXTAUTH_SECRET = "a-long-enough-random-secret-value";
    expect(authSecret()).toBe("a-long-enough-random-secret-value");
  });
});
