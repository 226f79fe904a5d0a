import "server-only";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { passageDisplaySchema } from "@/lib/domain/passages/passage-kind";
import type { StudyOverview } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { assertResearcherAccess } from "./access";
import { studyHolds } from "./study-holds";

/** A study's counts and judges, for researchers of the study and admins. */
export async function getStudyOverview(user: UserDto, studyId: number): Promise<StudyOverview> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const study = await db.study.findUnique({ where: { id: studyId } });
  if (!study) throw notFound("Study not found");
  const where = { studyId };
  const [queries, nuggets, documents, poolEntries, campaignList, systems, responses, members, judges, holds] =
    await Promise.all([
      db.query.count({ where }),
      db.nugget.count({ where }),
      db.document.count({ where }),
      db.poolEntry.count({ where }),
      db.campaign.findMany({ where, orderBy: { createdAt: "desc" }, include: { _count: { select: { items: true } } } }),
      db.system.count({ where }),
      db.response.count({ where }),
      db.studyMember.count({ where }),
      db.judge.findMany({ where, orderBy: { name: "asc" }, include: { _count: { select: { labels: true } } } }),
      studyHolds(db, studyId),
    ]);
  const llmLabels = judges.filter((j) => j.kind === "model").reduce((sum, j) => sum + j._count.labels, 0);
  return {
    id: study.id,
    slug: study.slug,
    name: study.name,
    description: study.description,
    passageDisplay: passageDisplaySchema.catch("auto").parse(study.passageDisplay),
    counts: {
      queries,
      nuggets,
      documents,
      poolEntries,
      llmLabels,
      campaigns: campaignList.length,
      systems,
      responses,
      members,
    },
    campaigns: campaignList.map((c) => ({
      id: c.id,
      name: c.name,
      taskType: taskTypeSchema.parse(c.taskType),
      protocol: protocolSchema.parse(c.protocol),
      status: c.status,
      items: c._count.items,
    })),
    judges: judges.map((j) => ({
      name: j.name,
      kind: j.kind === "model" ? "model" : "human",
      labels: j._count.labels,
    })),
    federated: holds.federated,
    preferences: holds.preferences,
  };
}
