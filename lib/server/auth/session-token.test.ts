import { describe, expect, it } from "vitest";
import { decode, encode } from "next-auth/jwt";
import { decodeSession } from "./session-token";

const secret = "session-token-test-secret-0123456789abcdef";

describe("decodeSession (next-auth's decode with the key derived once)", () => {
  it("reads what next-auth encodes, exactly as next-auth's own decode does, every time", async () => {
    const token = await encode({ token: { uid: 7, sv: 2, email: "a@b.c" }, secret });
    const ours = await decodeSession({ token, secret });
    expect(ours).toEqual(await decode({ token, secret }));
    expect(ours).toMatchObject({ uid: 7, sv: 2, email: "a@b.c" });
    expect(await decodeSession({ token, secret })).toEqual(ours); // the cached key
  });

  it("uses the salt as next-auth does", async () => {
    const token = await encode({ token: { uid: 1 }, secret, salt: "s1" });
    expect(await decodeSession({ token, secret, salt: "s1" })).toMatchObject({ uid: 1 });
    await expect(decodeSession({ token, secret })).rejects.toThrow();
  });

  it("refuses another secret's token, a tampered one and an expired one; no token is no session", async () => {
    const token = await encode({ token: { uid: 1 }, secret });
    await expect(decodeSession({ token, secret: `${secret}-rotated` })).rejects.toThrow();
    const [header, key, iv, ciphertext, tag] = token.split(".");
    const flipped = `${ciphertext![0] === "A" ? "B" : "A"}${ciphertext!.slice(1)}`;
    await expect(decodeSession({ token: [header, key, iv, flipped, tag].join("."), secret })).rejects.toThrow();
    const expired = await encode({ token: { uid: 1 }, secret, maxAge: -60 }); // past the 15 s tolerance
    await expect(decodeSession({ token: expired, secret })).rejects.toThrow(/exp/);
    const justExpired = await encode({ token: { uid: 1 }, secret, maxAge: -5 }); // within it, as next-auth
    expect(await decodeSession({ token: justExpired, secret })).toMatchObject({ uid: 1 });
    expect(await decodeSession({ token: undefined, secret })).toBeNull();
  });
});
