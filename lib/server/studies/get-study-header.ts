import "server-only";
import { cache } from "react";
import { sampleSpecSchema, uniformUnit } from "@/lib/domain/campaigns/sampling";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import type { StudyHeader } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { assertResearcherAccess } from "./access";
import { studyHolds } from "./study-holds";

/**
 * A study's header (name, members count, judges, campaigns), for researchers of the study and
 * admins. The study layout and its page both ask for it while rendering one request; the data is
 * loaded once per request, the caller's access is checked on every call.
 */
export async function getStudyHeader(user: UserDto, studyId: number): Promise<StudyHeader> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const header = await loadStudyHeader(studyId);
  if (!header) throw notFound("Study not found");
  return header;
}

/** Data only, no authorization: cached for the length of one server render (React's cache). */
const loadStudyHeader = cache(async (studyId: number): Promise<StudyHeader | null> => {
  const db = await getDb();
  const where = { studyId };
  const [study, members, judges, campaigns, labelled, holds, nuggetSets] = await Promise.all([
    db.study.findUnique({ where: { id: studyId }, select: { id: true, slug: true, name: true } }),
    db.studyMember.count({ where }),
    db.judge.findMany({ where, orderBy: { name: "asc" }, select: { name: true, kind: true, userId: true } }),
    db.campaign.findMany({
      where,
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        name: true,
        taskType: true,
        overlap: true,
        sample: true,
        _count: { select: { items: true } },
      },
    }),
    db.item.groupBy({ by: ["campaignId"], where: { campaign: where, annotations: { some: {} } }, _count: true }),
    studyHolds(db, studyId),
    db.nuggetSet.findMany({ where, orderBy: { id: "asc" }, select: { name: true } }),
  ]);
  if (!study) return null;
  const labelledItems = new Map(labelled.map((l) => [l.campaignId, l._count]));
  return {
    ...study,
    members,
    judges: judges.map((j) => ({
      name: j.name,
      kind: j.kind === "model" ? "model" : "human",
      annotator: j.userId !== null,
    })),
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      taskType: taskTypeSchema.parse(c.taskType),
      overlap: c.overlap,
      items: c._count.items,
      labelled: labelledItems.get(c.id) ?? 0,
      uniform: uniformUnit(sampleSpecSchema.parse(JSON.parse(c.sample))),
    })),
    nuggetSets: nuggetSets.map((s) => s.name),
    holds,
  };
});
