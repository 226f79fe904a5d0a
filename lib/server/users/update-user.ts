import "server-only";
import { userChangeSchema, type AdminUser, type UserChange } from "@/lib/schemas/users";
import { getDb } from "../db/client";
import { AppError, notFound } from "../errors";
import { parseOrThrow } from "../validation";
import type { UserDto } from "./user-dto";
import { adminUserInclude, toAdminUser } from "./list-users";

/**
 * An admin changes an account's role, name, or whether it is disabled. Disabling ends the user's
 * sessions at once (their session version moves on). Admins cannot disable or demote themselves,
 * so Assay always keeps an admin who can undo a mistake.
 */
export async function updateUser(admin: UserDto, userId: number, change: UserChange): Promise<AdminUser> {
  const { role, disabled, name } = parseOrThrow(userChangeSchema, change);
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound("User not found");
  if (userId === admin.id && ((role !== undefined && role !== "admin") || disabled === true)) {
    throw new AppError(
      "conflict",
      "You cannot disable your own account or take away your own admin role; ask another admin",
    );
  }
  if (role !== undefined && role !== user.role && user.role !== "annotator" && role === "annotator") {
    const researching = await db.studyMember.count({ where: { userId, role: "researcher" } });
    if (researching > 0)
      throw new AppError(
        "conflict",
        `role: ${user.email} is a researcher of ${researching} ${researching === 1 ? "study" : "studies"}; make them an annotator member there (or remove them) first`,
      );
  }
  const updated = await db.user.update({
    where: { id: userId },
    data: {
      ...(role === undefined ? {} : { role }),
      ...(name === undefined ? {} : { name }),
      ...(disabled === undefined ? {} : { disabled }),
      ...(disabled === true && !user.disabled ? { sessionVersion: { increment: 1 } } : {}),
    },
    include: adminUserInclude,
  });
  return toAdminUser(updated);
}
