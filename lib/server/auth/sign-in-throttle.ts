import "server-only";
import { SignInThrottle } from "@/lib/domain/sign-in-throttle";

/**
 * The server process's sign-in throttle (lib/domain/sign-in-throttle.ts): per client address and
 * for the whole process; each process of a multi-process deployment counts on its own.
 */
const shared = globalThis as unknown as { assaySignInThrottle?: SignInThrottle };
export const signInThrottle = (shared.assaySignInThrottle ??= new SignInThrottle());

/**
 * The address a request came from: the entry of X-Forwarded-For that the outermost of the
 * ASSAY_TRUSTED_PROXY_HOPS proxies in front of Assay added (each proxy appends the address it
 * saw). Without a proxy (0, the default) it is the last entry, which Next.js fills in from the
 * connection when the request has none; a client that sends its own header can then name itself,
 * which the throttle's limit on the whole server still bounds.
 */
export function clientAddress(forwardedFor: string | string[] | null | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const hops = Math.max(1, Number.parseInt(process.env.ASSAY_TRUSTED_PROXY_HOPS ?? "0", 10) || 0);
  return (entries[Math.max(0, entries.length - hops)] ?? "unknown").slice(0, 64);
}
