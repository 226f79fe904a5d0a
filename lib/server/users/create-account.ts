import "server-only";
import { newAccountSchema, type CreatedAccount, type NewAccount } from "@/lib/schemas/users";
import { hashPassword } from "./password";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError } from "../errors";
import { parseOrThrow } from "../validation";
import { adminUserInclude, toAdminUser } from "./list-users";
import { issuePasswordLink } from "./password-links";

/**
 * An admin creates an account: with the password they give, or without one and with a one-time
 * invite link (7 days) that lets the person set it. The email must be new.
 */
export async function createAccount(input: NewAccount, now = new Date()): Promise<CreatedAccount> {
  const { email, role, password, name } = parseOrThrow(newAccountSchema, input);
  const db = await getDb();
  const passwordHash = password === undefined ? "" : await hashPassword(password);
  try {
    const user = await db.user.create({
      data: { email, name: name ?? email.split("@")[0] ?? email, role, passwordHash },
      include: adminUserInclude,
    });
    return {
      user: toAdminUser(user),
      link: password === undefined ? await issuePasswordLink(db, user.id, "invite", now) : null,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `A user with email ${email} already exists`);
    throw error;
  }
}
