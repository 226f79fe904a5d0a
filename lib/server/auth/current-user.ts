import "server-only";
import { getServerSession } from "next-auth";
import type { UserRole } from "@/lib/domain/roles";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { toUserDto, type UserDto } from "../users/user-dto";
import { authOptions } from "./auth-options";

/**
 * The signed-in user, read fresh from the database (so a changed role or a deleted account takes
 * effect at once), or null.
 */
export async function currentUser(): Promise<UserDto | null> {
  const session = await getServerSession(authOptions());
  const uid = (session?.user as { id?: unknown } | undefined)?.id;
  if (typeof uid !== "number") return null;
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: uid } });
  return user ? toUserDto(user) : null;
}

/** The signed-in user with one of `roles`; throws unauthenticated or forbidden otherwise. */
export async function requireUser(roles?: readonly UserRole[]): Promise<UserDto> {
  const user = await currentUser();
  if (!user) throw new AppError("unauthenticated", "Sign in first");
  if (roles && !roles.includes(user.role)) throw new AppError("forbidden", "You do not have access to this");
  return user;
}
