import "server-only";
import { getDb } from "../db/client";
import { releaseHeldSeats } from "../db/assignments";
import { removeMembership } from "../db/memberships";
import { withTransaction } from "../db/transactions";
import { AppError, notFound } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Takes a member off a study. Their labels and annotations stay (reports keep them, under their
 * email); the items they held but had not labelled go back to the other annotators (their leased
 * seats open again). They stay listed on the campaigns they worked on, and regain them if added back.
 */
export async function removeMember(
  user: UserDto,
  studyId: number,
  userId: number,
): Promise<{ removed: true; released: number }> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  if (userId === user.id && user.role !== "admin")
    throw new AppError("conflict", "You cannot remove yourself from a study; ask another researcher or an admin");
  return withTransaction(async (tx) => {
    if (!(await removeMembership(tx, studyId, userId))) throw notFound("This person is not a member of the study");
    return { removed: true, released: await releaseHeldSeats(tx, userId, { studyId }) };
  });
}
