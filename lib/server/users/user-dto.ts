import "server-only";
import type { UserRole } from "@/lib/domain/roles";
import { userRoleSchema } from "@/lib/domain/roles";

/** A user as the rest of the app sees it: never the password hash. */
export type UserDto = { id: number; email: string; name: string; role: UserRole };

export function toUserDto(row: { id: number; email: string; name: string; role: string }): UserDto {
  return { id: row.id, email: row.email, name: row.name, role: userRoleSchema.parse(row.role) };
}

/** Whether an account still waits for its password (created with an invite link not used yet): it cannot sign in. */
export const awaitsPassword = (row: { passwordHash: string }) => row.passwordHash === "";
