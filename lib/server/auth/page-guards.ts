import "server-only";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import type { z } from "zod";
import type { UserRole } from "@/lib/domain/roles";
import { AppError } from "../errors";
import { currentUser } from "./current-user";
import type { UserDto } from "../users/user-dto";

/** For pages: the signed-in user or null. Pages that read the session are rendered per request. */
export async function currentPageUser(): Promise<UserDto | null> {
  await connection();
  return currentUser();
}

/**
 * For pages: the signed-in user with one of `roles`. Signed-out users go to sign-in; a user whose
 * role may not open the page gets a 404, which reveals nothing about what is there.
 */
export async function requirePageUser(roles?: readonly UserRole[]): Promise<UserDto> {
  const user = await currentPageUser();
  if (!user) redirect("/signin");
  if (roles && !roles.includes(user.role)) notFound();
  return user;
}

/** For pages: runs a lib/server operation, turning not-found and forbidden errors into a 404. */
export async function orNotFound<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "forbidden")) notFound();
    throw error;
  }
}

/** For pages: the route's params parsed by `schema`; a malformed id is a 404, like a missing one. */
export async function pageParams<S extends z.ZodType>(schema: S, params: Promise<unknown>): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await params);
  if (!parsed.success) notFound();
  return parsed.data;
}
