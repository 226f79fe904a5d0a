import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and rejects others", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct horsE", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("treats malformed stored hashes as a mismatch", async () => {
    for (const stored of ["", "plain", "bcrypt$x$y", "scrypt$1$2$3$"])
      expect(await verifyPassword("x", stored)).toBe(false);
  });

  it("normalizes Unicode so the same typed password matches", async () => {
    const hash = await hashPassword("caf\u00e9");
    expect(await verifyPassword("cafe\u0301", hash)).toBe(true);
  });
});
