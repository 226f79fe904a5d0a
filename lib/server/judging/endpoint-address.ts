import "server-only";
import dns from "node:dns";
import net from "node:net";

/** The setting that lets endpoints reach private networks (a model server on the team's LAN). */
export const PRIVATE_NETWORKS_SETTING = "ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS";

const privateNetworks = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this host"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["169.254.0.0", 16], // link-local, where clouds serve their instance metadata
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  privateNetworks.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
] as const)
  privateNetworks.addSubnet(address, prefix, "ipv6");

const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const PRIVATE = `an address of a private network, which judge calls reach only when the server is started with ${PRIVATE_NETWORKS_SETTING}=1`;

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) as the IPv4 address it is. */
const unmapped = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/**
 * Why a judge call may not go to this IP address, or null. Loopback is always allowed (a local
 * vLLM, Ollama or llama.cpp server is the main use); the private, link-local and carrier-grade NAT
 * ranges only when the server was started with ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS=1; public
 * addresses always.
 */
export function addressProblem(ip: string): string | null {
  const address = unmapped(ip.replace(/^\[|\]$/g, ""));
  const family = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
  if (family === null) return null; // a host name: checked once it resolves
  if (loopback.check(address, family)) return null;
  if (!privateNetworks.check(address, family) || process.env[PRIVATE_NETWORKS_SETTING] === "1") return null;
  return `${address} is ${PRIVATE}`;
}

/**
 * A DNS lookup for judge calls' connections that refuses a host name resolving to an address
 * addressProblem refuses (so that a name cannot lead where an address may not), as Node's
 * `lookup` option takes it.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const refusedAddress = addresses.find((a) => addressProblem(a.address) !== null);
    if (refusedAddress) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refusedAddress.address}, ${PRIVATE}`);
      refused.code = "EPRIVATE";
      return callback(refused, "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** Whether a URL's host is this machine: a loopback address, or "localhost". */
export function isLoopbackHost(hostname: string): boolean {
  const host = unmapped(hostname.replace(/^\[|\]$/g, "")).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const family = net.isIPv4(host) ? "ipv4" : net.isIPv6(host) ? "ipv6" : null;
  return family !== null && loopback.check(host, family);
}

/** Why an endpoint may not be registered at this base URL (its host an address that calls may not reach), or null. */
export function baseUrlProblem(baseUrl: string): string | null {
  const problem = addressProblem(new URL(baseUrl).hostname);
  return problem && `baseUrl: ${problem}`;
}
