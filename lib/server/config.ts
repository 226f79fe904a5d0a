import "server-only";
import { AppError } from "./errors";

/**
 * The secret that signs session tokens. `npm start` provides a generated one for local use;
 * deployments must set NEXTAUTH_SECRET (checked at start by instrumentation.ts).
 */
export function authSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret || secret.length < 16) {
    throw new AppError(
      "unavailable",
      "NEXTAUTH_SECRET is not set (or shorter than 16 characters): set it to a long random string",
    );
  }
  return secret;
}
