import "server-only";
import type { Db } from "../db/client";

/** A Prisma client or one of its transactions. */
type Client = Pick<Db, "user" | "apiToken">;

/**
 * Ends everything a user is signed in with, after a password change, a disabling or a role
 * change: every session (its session version moves on, so a session signed at an older one is
 * refused) and every API token still live (revoked now: a token made under the old password or
 * role does not outlive it, and enabling the account again does not bring it back).
 */
export async function endSessionsAndTokens(db: Client, userId: number, now: Date): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}
