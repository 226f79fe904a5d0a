// Who is asking, for scripts/serve.mjs: the address a request came from, never one the client
// names itself.

/** ASSAY_TRUSTED_PROXY_HOPS as a number of proxies (0 unless set); throws on anything else. */
export function trustedProxyHops(setting) {
  if (setting === undefined || setting === "") return 0;
  if (!/^\d+$/.test(setting) || Number(setting) > 10)
    throw new Error(
      `ASSAY_TRUSTED_PROXY_HOPS is "${setting}": set it to the number of proxies in front of Assay (0 to 10)`,
    );
  return Number(setting);
}

/**
 * The client's address: with no trusted proxy, the socket's (whatever X-Forwarded-For says); behind
 * `hops` proxies, each appending the address it saw, the entry the outermost one added (the
 * `hops`-th from the right), or the socket's when the header is shorter than that (a request that
 * reached Assay around the proxies).
 * @param {string | string[] | undefined} forwardedFor
 * @param {{ remoteAddress?: string }} socket
 * @param {number} hops
 */
export function clientAddressOf(forwardedFor, socket, hops) {
  const own = normalize(socket.remoteAddress ?? "unknown");
  if (hops === 0) return own;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const entry = entries.length >= hops ? entries[entries.length - hops] : undefined;
  return entry ? normalize(entry).slice(0, 64) : own;
}

/** IPv4 as IPv4 (a dual-stack socket reports ::ffff:127.0.0.1). */
const normalize = (address) => (address.startsWith("::ffff:") ? address.slice(7) : address);
