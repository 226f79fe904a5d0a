import "server-only";
import { passwordSchema } from "@/lib/schemas/users";
import { hashPassword } from "./password";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { parseOrThrow } from "../validation";
import { findPasswordLink } from "./password-links";
import { endSessionsAndTokens } from "./end-sessions";

const EXPIRED = "This link has expired or was already used; ask an admin for a new one";

/** Who an invite or reset link is for, while it still works (for the page that sets the password). */
export async function describePasswordLink(
  token: string,
  now = new Date(),
): Promise<{ email: string; purpose: "invite" | "reset" } | null> {
  const db = await getDb();
  const link = await findPasswordLink(db, token);
  if (!link || link.usedAt !== null || link.expiresAt <= now || link.user.disabled) return null;
  return { email: link.user.email, purpose: link.purpose === "reset" ? "reset" : "invite" };
}

/**
 * Sets the password through a one-time link: the link must be unused and unexpired, and is used
 * up by this (one conditional update, so two tabs cannot both use it). Ends the user's other
 * sessions and revokes their API tokens.
 */
export async function redeemPasswordLink(
  token: string,
  password: string,
  now = new Date(),
): Promise<{ email: string }> {
  const valid = parseOrThrow(passwordSchema, password, "password");
  const db = await getDb();
  const link = await findPasswordLink(db, token);
  if (!link || link.user.disabled) throw new AppError("not_found", EXPIRED);
  const passwordHash = await hashPassword(valid);
  const claimed = await db.passwordLink.updateMany({
    where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) throw new AppError("not_found", EXPIRED);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash } });
    await endSessionsAndTokens(tx, link.userId, now);
  });
  return { email: link.user.email };
}
