import { describe, expect, it } from "vitest";
import { keyRedactor, REDACTED } from "./redact-key";

const KEY = "sk-proj-4f9Qx7LmZ2vT8kWp1Rb6";
const redact = keyRedactor(KEY);
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

describe("keyRedactor", () => {
  it("scrubs the key whole, as OpenAI's 401 quotes it", () => {
    expect(redact(`Incorrect API key provided: ${KEY}. You can find your API key at ...`)).toBe(
      `Incorrect API key provided: ${REDACTED}. You can find your API key at ...`,
    );
  });

  it("scrubs any run of 8 characters of it: a prefix, a suffix, a middle", () => {
    expect(redact(`key ${KEY.slice(0, 12)}**** given`)).toBe(`key ${REDACTED}**** given`);
    expect(redact(`key ****${KEY.slice(-9)}`)).toBe(`key ****${REDACTED}`);
    expect(redact(`[${KEY.slice(5, 13)}]`)).toBe(`[${REDACTED}]`);
    // 7 characters of it are not enough to tell it from chance text
    expect(redact(`[${KEY.slice(5, 12)}]`)).toBe(`[${KEY.slice(5, 12)}]`);
  });

  it("scrubs its base64 and base64url forms at any alignment, and its URL-encoded form", () => {
    for (const before of ["", "x", "xy", "Bearer ", "user:"]) {
      // what is left: the characters that mix the key with what precedes or follows it
      const left = (text: string) => {
        const scrubbed = redact(text);
        expect(scrubbed.split(REDACTED)).toHaveLength(2);
        return scrubbed.replace(REDACTED, "").length - (text.length - encoded.length);
      };
      const encoded = b64(`${before}${KEY}`);
      expect(left(`Authorization: Basic ${encoded}`)).toBeLessThanOrEqual(Math.ceil((before.length * 8) / 6) + 4);
      expect(left(encoded.replaceAll("+", "-").replaceAll("/", "_"))).toBeLessThanOrEqual(
        Math.ceil((before.length * 8) / 6) + 4,
      );
    }
    const odd = keyRedactor("k€y/with+odd=chars 1234");
    expect(odd(`?key=${encodeURIComponent("k€y/with+odd=chars 1234")}`)).toBe(`?key=${REDACTED}`);
  });

  it("keeps a text without the key as it is, and a short key is scrubbed where it appears whole", () => {
    expect(redact("the endpoint answered 500: overloaded")).toBe("the endpoint answered 500: overloaded");
    expect(keyRedactor("abc12")("token abc12 refused; abc1 is not it")).toBe(
      `token ${REDACTED} refused; abc1 is not it`,
    );
    expect(keyRedactor(null)("anything")).toBe("anything");
  });
});

describe("keyRedactor, in any case", () => {
  it("scrubs the key echoed in capitals or lower case, long or short", () => {
    expect(redact(`KEY ${KEY.toUpperCase()} REFUSED`)).toBe(`KEY ${REDACTED} REFUSED`);
    expect(redact(`key ${KEY.toLowerCase().slice(3, 14)}`)).toBe(`key ${REDACTED}`);
    expect(keyRedactor("abc12")("TOKEN ABC12 refused")).toBe(`TOKEN ${REDACTED} refused`);
  });
});
