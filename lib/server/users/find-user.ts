import "server-only";
import { getDb } from "../db/client";
import { toUserDto, type UserDto } from "./user-dto";

/** The account with this email (in any case), or null. For the command line. */
export async function findUserByEmail(email: string): Promise<UserDto | null> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  return user ? toUserDto(user) : null;
}
