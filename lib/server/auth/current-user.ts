import "server-only";
import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import type { UserRole } from "@/lib/domain/roles";
import { authSecret, sessionSeconds } from "../config";
import { sessionUserById } from "../db/users";
import { AppError } from "../errors";
import { decodeSession, liveSessionClaims } from "./session-token";
import { toUserDto, type UserDto } from "../users/user-dto";

/**
 * The signed-in user, read fresh from the database on every request (so a changed role or a
 * deleted account takes effect at once), or null. A disabled account, a session signed before the
 * user's password was reset or their role changed (its session version is older than the
 * user's), a session that signed out (EndedSession: a copy of its cookie), and one that began
 * more than ASSAY_SESSION_HOURS ago are signed out. A session without an id or a sign-in time
 * (signed before sessions carried them) is signed out too.
 *
 * The session cookie is decrypted and checked (signature, expiry) with next-auth's own `getToken`,
 * from the cookies alone: next-auth's `getServerSession` would also build its whole request
 * context and encrypt a refreshed token that a page or route handler cannot send back. Its key is derived
 * once per secret (`decodeSession`), not on every request.
 */
export async function currentUser(): Promise<UserDto | null> {
  const token = await getToken({
    // only the cookies: a bearer header is not a session here
    req: { cookies: await cookies(), headers: {} } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: authSecret(),
    decode: decodeSession,
  });
  const claims = liveSessionClaims(token, sessionSeconds());
  if (!claims) return null;
  const user = await sessionUserById(claims.uid, claims.sid);
  if (!user || user.disabled || user.ended || user.sessionVersion !== claims.sv) return null;
  return toUserDto(user);
}

/** The signed-in user with one of `roles`; throws unauthenticated or forbidden otherwise. */
export async function requireUser(roles?: readonly UserRole[]): Promise<UserDto> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthenticated", "Sign in first");
  if (roles && !roles.includes(user.role)) throw new AppError("forbidden", "You do not have access to this");
  return user;
}
