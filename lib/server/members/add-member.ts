import "server-only";
import { addMemberSchema, type AddMember } from "@/lib/schemas/members";
import { getDb } from "../db/client";
import { AppError, invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { adminAnnotatorRefusal, annotatorAccountRefusal } from "./member-rules";

/**
 * Adds an existing account to a study as a researcher or an annotator. Accounts are created by
 * admins only (Users page, or an invite link); a researcher adds people who already have one. An
 * annotator account cannot be a researcher of a study (researchers see LLM labels and reports), nor
 * an admin account an annotator (admins see every LLM label).
 */
export async function addMember(
  user: UserDto,
  studyId: number,
  input: AddMember,
): Promise<{ userId: number; added: boolean }> {
  const { email, role } = parseOrThrow(addMemberSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const account = await db.user.findUnique({ where: { email } });
  if (!account) {
    throw invalid(
      user.role === "admin"
        ? `email: nobody has an account for ${email}; create it (or an invite link) first`
        : `email: nobody has an account for ${email}; ask an admin to create it or send an invite link`,
    );
  }
  if (role === "researcher" && account.role === "annotator") {
    throw invalid(annotatorAccountRefusal(email));
  }
  if (role === "annotator" && account.role === "admin") throw invalid(`role: ${adminAnnotatorRefusal(email)}`);
  const existing = await db.studyMember.findUnique({ where: { studyId_userId: { studyId, userId: account.id } } });
  if (existing) {
    if (existing.role === role) return { userId: account.id, added: false };
    throw new AppError(
      "conflict",
      `email: ${email} is already ${existing.role === "annotator" ? "an annotator" : "a researcher"} of this study; change their role instead`,
    );
  }
  await db.studyMember.create({ data: { studyId, userId: account.id, role } });
  return { userId: account.id, added: true };
}
