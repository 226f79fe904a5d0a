import "server-only";
import { getDb } from "../db/client";
import { hashPassword, verifyPassword } from "./password";
import { awaitsPassword, toUserDto, type UserDto } from "./user-dto";

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * The user for this email and password, with the session version their session will carry; null
 * for a wrong password, an unknown email, a disabled account or one whose password is not set yet
 * (each costs as long as a wrong password).
 */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<(UserDto & { sessionVersion: number }) | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user || user.disabled || awaitsPassword(user)) {
    decoyHash ??= hashPassword("decoy password");
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash))
    ? { ...toUserDto(user), sessionVersion: user.sessionVersion }
    : null;
}
