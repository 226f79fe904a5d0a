/** ASSAY_TRUSTED_PROXY_HOPS as a number of proxies (scripts/lib/client-address.mjs). */
export function trustedProxyHops(setting: string | undefined): number;
/** The client's address: the socket's, or behind `hops` trusted proxies the entry the outermost one added. */
export function clientAddressOf(
  forwardedFor: string | string[] | undefined,
  socket: { remoteAddress?: string },
  hops: number,
): string;
