import type { LookupAddress } from "node:dns";
import { afterEach, describe, expect, it } from "vitest";
import { addressProblem, guardedLookup } from "./endpoint-address";

const lookup = (hostname: string, all: boolean) =>
  new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) =>
    guardedLookup(hostname, { all }, (error: NodeJS.ErrnoException | null, address: string | LookupAddress[]) =>
      resolve({ error, result: address }),
    ),
  );

afterEach(() => {
  delete process.env.ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS;
});

describe("where judge calls may go", () => {
  it("always to loopback and public addresses; to private, link-local and CGNAT ones only when allowed", () => {
    for (const ip of ["127.0.0.1", "127.9.9.9", "::1", "[::1]", "8.8.8.8", "2606:4700::1111"])
      expect(addressProblem(ip)).toBeNull();
    for (const ip of ["10.0.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"])
      expect(addressProblem(ip)).toContain("is an address of a private network");
    for (const ip of ["fd12::1", "fe80::1", "::ffff:192.168.1.1", "[fc00::2]"])
      expect(addressProblem(ip)).toContain("is an address of a private network");
    expect(addressProblem("172.32.0.1")).toBeNull(); // just past 172.16.0.0/12
    expect(addressProblem("gpu-box.internal")).toBeNull(); // a name is checked once it resolves
    process.env.ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS = "1";
    expect(addressProblem("10.0.0.1")).toBeNull();
  });

  it("refuses a name that resolves to a private address when connecting, in both forms Node asks for", async () => {
    for (const all of [false, true]) {
      const refused = await lookup("192.168.7.7", all);
      expect(refused.error?.code).toBe("EPRIVATE");
      expect(refused.error?.message).toBe(
        "192.168.7.7 resolves to 192.168.7.7, an address of a private network, which judge calls reach only when the server is started with ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS=1",
      );
    }
    expect(await lookup("127.0.0.1", false)).toEqual({ error: null, result: "127.0.0.1" });
    expect(await lookup("127.0.0.1", true)).toEqual({ error: null, result: [{ address: "127.0.0.1", family: 4 }] });
  });
});
