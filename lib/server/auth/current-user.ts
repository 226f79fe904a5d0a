import "server-only";
import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import type { UserRole } from "@/lib/domain/roles";
import { authSecret } from "../config";
import { sessionUserById } from "../db/users";
import { AppError } from "../errors";
import { decodeSession } from "./session-token";
import { toUserDto, type UserDto } from "../users/user-dto";

/**
 * The signed-in user, read fresh from the database on every request (so a changed role or a
 * deleted account takes effect at once), or null. A disabled account, a session signed before the
 * user's password was reset or their role changed (its session version is older than the
 * user's), and a session that signed out (EndedSession: a copy of its cookie) are signed out. A
 * session without an id (signed before sessions had one) is signed out too.
 *
 * The session cookie is decrypted and checked (signature, expiry) with next-auth's own `getToken`,
 * from the cookies alone: next-auth's `getServerSession` would also build its whole request
 * context and encrypt a refreshed token that a page or route handler cannot send back (the
 * session's expiry slides when the browser asks /api/auth/session, as before). Its key is derived
 * once per secret (`decodeSession`), not on every request.
 */
export async function currentUser(): Promise<UserDto | null> {
  const token = await getToken({
    // only the cookies: a bearer header is not a session here
    req: { cookies: await cookies(), headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: authSecret(),
    decode: decodeSession,
  });
  const claims = token as { uid?: unknown; sv?: unknown; sid?: unknown } | null;
  if (typeof claims?.uid !== "number" || typeof claims.sid !== "string") return null;
  const user = await sessionUserById(claims.uid, claims.sid);
  if (!user || user.disabled || user.ended || user.sessionVersion !== (typeof claims.sv === "number" ? claims.sv : 0))
    return null;
  return toUserDto(user);
}

/** The signed-in user with one of `roles`; throws unauthenticated or forbidden otherwise. */
export async function requireUser(roles?: readonly UserRole[]): Promise<UserDto> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthenticated", "Sign in first");
  if (roles && !roles.includes(user.role)) throw new AppError("forbidden", "You do not have access to this");
  return user;
}
