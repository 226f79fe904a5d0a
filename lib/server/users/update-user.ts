import "server-only";
import { userChangeSchema, type AdminUser, type UserChange } from "@/lib/schemas/users";
import { getDb } from "../db/client";
import { AppError, notFound } from "../errors";
import { parseOrThrow } from "../validation";
import type { UserDto } from "./user-dto";
import { adminUserInclude, toAdminUser } from "./list-users";
import { runningBlindCampaigns } from "../db/blind-campaigns";
import { endSessionsAndTokens } from "./end-sessions";

/**
 * An admin changes an account's role, name, or whether it is disabled. Disabling the account or
 * changing its role ends the user's sessions at once and revokes their API tokens
 * (endSessionsAndTokens): what was granted under the old role does not outlive it. Admins cannot disable or demote themselves,
 * so Assay always keeps an admin who can undo a mistake. The blind rule holds for account roles: an
 * annotator of a running blind campaign becomes no researcher or admin, and an annotator member of
 * a study no admin (an admin sees every LLM label).
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
  if (role !== undefined && role !== user.role && role !== "annotator") {
    const blind = await runningBlindCampaigns(db, null, userId);
    if (blind.length > 0)
      throw new AppError(
        "conflict",
        `role: ${user.email} annotates the running blind ${blind.length === 1 ? "campaign" : "campaigns"} ${blind.map((c) => `"${c}"`).join(", ")}, and ${role === "admin" ? "an admin" : "a researcher"} sees the LLM's labels; close ${blind.length === 1 ? "it" : "them"} or take ${user.email} off first`,
      );
    if (role === "admin" && (await db.studyMember.count({ where: { userId, role: "annotator" } })) > 0)
      throw new AppError(
        "conflict",
        `role: ${user.email} is an annotator member of a study, and an admin cannot annotate; take them off as an annotator (or make them a researcher member) first`,
      );
  }
  const ends = (disabled === true && !user.disabled) || (role !== undefined && role !== user.role);
  const updated = await db.$transaction(async (tx) => {
    if (ends) await endSessionsAndTokens(tx, userId, new Date());
    return tx.user.update({
      where: { id: userId },
      data: {
        ...(role === undefined ? {} : { role }),
        ...(name === undefined ? {} : { name }),
        ...(disabled === undefined ? {} : { disabled }),
      },
      include: adminUserInclude,
    });
  });
  return toAdminUser(updated);
}
