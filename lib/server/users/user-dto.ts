import "server-only";
import type { UserRole } from "@/lib/domain/roles";
import { userRoleSchema } from "@/lib/domain/roles";

/**
 * What a request made with an API token may reach: the token's studies, and whether it may change
 * anything (a read token makes GET requests only).
 */
export type TokenScope = { id: number; studies: readonly number[]; write: boolean };

/**
 * A user as the rest of the app sees it: never the password hash. A request made with an API token
 * carries the token's scope, which every access check narrows the user's rights to.
 */
export type UserDto = { id: number; email: string; name: string; role: UserRole; token?: TokenScope };

export function toUserDto(row: { id: number; email: string; name: string; role: string }): UserDto {
  return { id: row.id, email: row.email, name: row.name, role: userRoleSchema.parse(row.role) };
}

/** Whether an account still waits for its password (created with an invite link not used yet): it cannot sign in. */
export const awaitsPassword = (row: { passwordHash: string }) => row.passwordHash === "";
