import "server-only";
import { authSecret } from "./config";
import { checkDatabase } from "./db/check-database";
import { AppError } from "./errors";

/** null when the server can start; otherwise one line naming the problem and the fix. */
export async function checkStartup(): Promise<string | null> {
  try {
    authSecret();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
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
