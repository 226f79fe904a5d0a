import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

/** Removes a user from a study; false when they were not a member. */
export async function removeMembership(tx: Tx, studyId: number, userId: number): Promise<boolean> {
  const removed = await sqlOf(tx).query(
    `DELETE FROM "StudyMember" WHERE "studyId" = ? AND "userId" = ? RETURNING "userId"`,
    [studyId, userId],
  );
  return removed.length > 0;
}
