import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { PasswordLink } from "@/lib/schemas/users";
import type { Db } from "../db/client";

/** How long an invite or reset link works (it also stops at its first use). */
export const PASSWORD_LINK_DAYS = 7;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a one-time link that sets `userId`'s password: 32 random bytes (base64url) of which only
 * the SHA-256 is stored. Earlier unused links of the user stop working.
 */
export async function issuePasswordLink(
  db: Db,
  userId: number,
  purpose: "invite" | "reset",
  now = new Date(),
): Promise<PasswordLink> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000);
  await revokePasswordLinks(db, userId, now);
  await db.passwordLink.create({ data: { userId, tokenHash: tokenHash(token), purpose, createdAt: now, expiresAt } });
  return { path: `/invite/${token}`, expiresAt: expiresAt.toISOString() };
}

/** Ends every unused link of a user (a new link, or a password set by an admin, replaces them). */
export async function revokePasswordLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db.passwordLink.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
}

/** The link a token opens, with its user's email and whether the account is disabled; null for an unknown token. */
export function findPasswordLink(db: Db, token: string) {
  return db.passwordLink.findUnique({
    where: { tokenHash: tokenHash(token) },
    include: { user: { select: { email: true, disabled: true } } },
  });
}
