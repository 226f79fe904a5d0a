import "server-only";
import { getServerSession } from "next-auth";
import type { UserRole } from "@/lib/domain/roles";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { toUserDto, type UserDto } from "../users/user-dto";
import { authOptions } from "./auth-options";

/**
 * The signed-in user, read fresh from the database on every request (so a changed role or a
 * deleted account takes effect at once), or null. A disabled account, or a session signed before
 * the user's password was reset (its session version is older than the user's), is signed out.
 */
export async function currentUser(): Promise<UserDto | null> {
  const session = await getServerSession(authOptions());
  const claims = session?.user as { id?: unknown; sessionVersion?: unknown } | undefined;
  if (typeof claims?.id !== "number") return null;
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: claims.id } });
  if (
    !user ||
    user.disabled ||
    user.sessionVersion !== (typeof claims.sessionVersion === "number" ? claims.sessionVersion : 0)
  )
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
