import "server-only";
import { getDb } from "../db/client";
import { toUserDto, type UserDto } from "./user-dto";

/** Every user, for admins. */
export async function listUsers(): Promise<(UserDto & { studies: number })[]> {
  const db = await getDb();
  const rows = await db.user.findMany({ orderBy: { email: "asc" }, include: { _count: { select: { memberships: true } } } });
  return rows.map((u) => ({ ...toUserDto(u), studies: u._count.memberships }));
}
