import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxyHops } from "./client-address.mjs";

describe("the client's address, as Assay's server tells the app", () => {
  it("is the socket's with no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("203.0.113.7", { remoteAddress: "127.0.0.5" }, 0)).toBe("127.0.0.5");
    expect(clientAddressOf(undefined, { remoteAddress: "::ffff:10.1.2.3" }, 0)).toBe("10.1.2.3");
    expect(clientAddressOf(["a", "b"], { remoteAddress: "::1" }, 0)).toBe("::1");
  });

  it("behind N proxies, is the entry the outermost one added; a shorter header (a request around them) is the socket's", () => {
    // the client forged "1.1.1.1"; the proxy appended what it saw
    expect(clientAddressOf("1.1.1.1, 203.0.113.7", { remoteAddress: "10.0.0.2" }, 1)).toBe("203.0.113.7");
    expect(clientAddressOf("1.1.1.1, 203.0.113.7, 10.0.0.9", { remoteAddress: "10.0.0.2" }, 2)).toBe("203.0.113.7");
    expect(clientAddressOf("203.0.113.7", { remoteAddress: "10.0.0.2" }, 2)).toBe("10.0.0.2");
    expect(clientAddressOf(undefined, { remoteAddress: "10.0.0.2" }, 1)).toBe("10.0.0.2");
  });

  it("reads ASSAY_TRUSTED_PROXY_HOPS as 0 to 10 proxies, refusing anything else", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("")).toBe(0);
    expect(trustedProxyHops("2")).toBe(2);
    for (const bad of ["-1", "1.5", "eleven", "11", " 1"])
      expect(() => trustedProxyHops(bad)).toThrow(/^ASSAY_TRUSTED_PROXY_HOPS is ".*": set it to the number of proxies/);
  });
});
