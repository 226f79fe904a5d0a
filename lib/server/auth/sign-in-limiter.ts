import "server-only";
import { AttemptLimiter } from "@/lib/domain/attempt-limiter";

/**
 * Failed sign-ins per account (email): after 10 within 15 minutes the account's sign-in is refused
 * until the oldest leaves the window, whatever the password. Kept in the server process (each
 * process of a multi-process deployment counts on its own, so the limit is per process).
 */
const shared = globalThis as unknown as { assaySignInLimiter?: AttemptLimiter };
export const signInLimiter = (shared.assaySignInLimiter ??= new AttemptLimiter(10, 15 * 60 * 1000));
