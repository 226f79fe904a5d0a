import "server-only";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { adminAnnotatorRefusal } from "../members/member-rules";

/**
 * A campaign's annotators are annotator members of its study (a researcher member sees the LLM's
 * labels) without an admin account (an admin sees every study's), at least as many as the overlap. `blame` names the field an overlap problem is reported
 * on: the overlap when a campaign is planned, the annotators when they are changed.
 */
export async function checkAnnotators(
  db: Db,
  studyId: number,
  annotatorIds: readonly number[],
  overlap: number,
  blame: "overlap" | "annotatorIds",
): Promise<void> {
  const members = await db.studyMember.findMany({
    where: { studyId, userId: { in: [...annotatorIds] }, role: "annotator" },
    select: { userId: true, user: { select: { email: true, role: true } } },
  });
  const missing = annotatorIds.filter((id) => !members.some((m) => m.userId === id));
  if (missing.length > 0)
    throw invalid(`annotatorIds: user ${missing.join(", ")} is not an annotator member of this study`);
  const admin = members.find((m) => m.user.role === "admin");
  if (admin) throw invalid(`annotatorIds: ${adminAnnotatorRefusal(admin.user.email)}`);
  const chosen = new Set(annotatorIds).size;
  if (overlap > chosen)
    throw invalid(`${blame}: ${overlap} annotators per item needs at least ${overlap} annotators (${chosen} chosen)`);
}
