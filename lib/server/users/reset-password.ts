import "server-only";
import type { PasswordLink } from "@/lib/schemas/users";
import { passwordSchema } from "@/lib/schemas/users";
import { hashPassword } from "./password";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import { parseOrThrow } from "../validation";
import { endSessionsAndTokens } from "./end-sessions";
import { issuePasswordLink, revokePasswordLinks } from "./password-links";

/**
 * An admin resets a user's password: to the password given, or (none given) by a one-time link
 * that lets the user choose it. Either way the old password stops working, every session the user
 * has open ends and every API token they made is revoked (endSessionsAndTokens).
 */
export async function resetPassword(
  userId: number,
  password: string | undefined,
  now = new Date(),
): Promise<{ link: PasswordLink | null }> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound("User not found");
  const passwordHash =
    password === undefined ? "" : await hashPassword(parseOrThrow(passwordSchema, password, "password"));
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endSessionsAndTokens(tx, userId, now);
  });
  if (password !== undefined) {
    await revokePasswordLinks(db, userId, now);
    return { link: null };
  }
  return { link: await issuePasswordLink(db, userId, "reset", now) };
}
