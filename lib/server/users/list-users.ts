import "server-only";
import type { AdminUser } from "@/lib/schemas/users";
import { getDb } from "../db/client";
import { awaitsPassword, toUserDto } from "./user-dto";

type Row = {
  id: number;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  passwordHash: string;
  _count: { memberships: number };
};

export const adminUserInclude = { _count: { select: { memberships: true } } } as const;

export function toAdminUser(row: Row): AdminUser {
  return { ...toUserDto(row), disabled: row.disabled, invited: awaitsPassword(row), studies: row._count.memberships };
}

/** Every user, for admins: never a password hash, only whether a password is set yet. */
export async function listUsers(): Promise<AdminUser[]> {
  const db = await getDb();
  const rows = await db.user.findMany({ orderBy: { email: "asc" }, include: adminUserInclude });
  return rows.map(toAdminUser);
}
