import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { encryptionKey, openApiKey, sealApiKey } from "./api-key-seal";

const base64Key = crypto.randomBytes(32).toString("base64");

describe("sealed API keys", () => {
  it("open again with the key that sealed them, and never show the key in the sealed text", () => {
    const key = encryptionKey(base64Key);
    const sealed = sealApiKey("sk-live-0123456789", key);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain("sk-live");
    expect(sealApiKey("sk-live-0123456789", key)).not.toBe(sealed); // a fresh IV each time
    expect(openApiKey(sealed, key)).toBe("sk-live-0123456789");
    expect(openApiKey(sealApiKey("k", encryptionKey("ab".repeat(32))), encryptionKey("AB".repeat(32)))).toBe("k");
  });

  it("do not open with another key, or when tampered with", () => {
    const sealed = sealApiKey("sk-1", encryptionKey(base64Key));
    const other = encryptionKey(crypto.randomBytes(32).toString("hex"));
    expect(() => openApiKey(sealed, other)).toThrow(
      "cannot be opened with this ASSAY_ENCRYPTION_KEY (was it changed?)",
    );
    const bytes = Buffer.from(sealed.slice(3), "base64");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openApiKey(`v1:${bytes.toString("base64")}`, encryptionKey(base64Key))).toThrow("cannot be opened");
    expect(() => openApiKey("v2:abc", encryptionKey(base64Key))).toThrow("the stored API key is damaged");
  });

  it("need a real 32-byte ASSAY_ENCRYPTION_KEY, and say how to make one", () => {
    expect(() => encryptionKey("")).toThrow("ASSAY_ENCRYPTION_KEY is not set on the server");
    expect(() => encryptionKey("correct horse battery staple")).toThrow("must be 32 random bytes");
    expect(() => encryptionKey(crypto.randomBytes(16).toString("base64"))).toThrow("openssl rand -base64 32");
    expect(encryptionKey(base64Key)).toHaveLength(32);
  });
});
