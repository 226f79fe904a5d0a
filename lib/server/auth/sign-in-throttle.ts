import "server-only";
import { SignInThrottle } from "@/lib/domain/sign-in-throttle";

/**
 * The server process's sign-in throttle (lib/domain/sign-in-throttle.ts): per client address and
 * for the whole process; each process of a multi-process deployment counts on its own.
 */
const shared = globalThis as unknown as { assaySignInThrottle?: SignInThrottle; assayClientAddressSetBy?: string };
export const signInThrottle = (shared.assaySignInThrottle ??= new SignInThrottle());

/** Whether Assay's own server (scripts/serve.mjs, in this process) set X-Forwarded-For to the client's address. */
export const servedByAssay = () => shared.assayClientAddressSetBy !== undefined;

/**
 * The address a request came from. Behind Assay's own server (scripts/serve.mjs) X-Forwarded-For
 * is exactly that: the socket's address, or the one the outermost trusted proxy saw. Under
 * `next dev` or a bare `next start`, which fill the header only when a request lacks it, it is the
 * header's last entry, which a client can name itself (checkStartup refuses production without
 * Assay's server).
 */
export function clientAddress(forwardedFor: string | string[] | null | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  return (entries.at(-1) ?? "unknown").slice(0, 64);
}
