import "server-only";
import { authSecret, minIntervalUnits, sessionSeconds } from "./config";
import { checkDatabase } from "./db/check-database";
import { AppError } from "./errors";
import { servedByAssay } from "./auth/sign-in-throttle";

/** null when the server can start; otherwise one line naming the problem and the fix. */
export async function checkStartup(): Promise<string | null> {
  try {
    authSecret();
    sessionSeconds();
    minIntervalUnits();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  // a bare `next start` lets a client name its own address to the sign-in throttle
  if (process.env.NODE_ENV === "production" && !servedByAssay())
    return "serve Assay with `node scripts/serve.mjs` (npm start does), not `next start`: it tells the sign-in throttle each client's real address";
  return checkDatabase();
}

/** Prints the problem as one line and exits, so a misconfigured server never starts serving. */
export async function exitOnBadStartup(): Promise<void> {
  const problem = await checkStartup();
  if (problem) {
    console.error(`assay: ${problem}`);
    process.exit(1);
  }
}
