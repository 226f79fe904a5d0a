import "server-only";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import type { ExportOptions } from "@/lib/schemas/imports";
import { getDb } from "../db/client";
import { annotationCountsByCampaign } from "../db/annotations";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

/**
 * What the export panel may offer: only judges with labels of a kind, the derived label sets that
 * have labels (a support or relevance campaign's majority, or its adjudicated labels, once it has annotations; an LLM corrected
 * by humans once humans judged), campaigns with annotations or skips, and how many nuggets there are.
 */
export async function getExportOptions(user: UserDto, studyId: number): Promise<ExportOptions> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [judges, counts, campaigns, annotations, skips, nuggets, sets] = await Promise.all([
    db.judge.findMany({ where: { studyId }, orderBy: { name: "asc" }, select: { id: true, name: true, kind: true } }),
    db.label.groupBy({ by: ["judgeId", "targetType"], where: { studyId }, _count: { _all: true } }),
    db.campaign.findMany({
      where: { studyId },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true, taskType: true, overlap: true },
    }),
    annotationCountsByCampaign(studyId),
    db.assignment.groupBy({
      by: ["campaignId"],
      where: { campaign: { studyId }, skippedAt: { not: null } },
      _count: { _all: true },
    }),
    db.nugget.count({ where: { studyId } }),
    db.nuggetSet.findMany({
      where: { studyId },
      orderBy: { id: "asc" },
      select: { name: true, _count: { select: { nuggets: true } } },
    }),
  ]);
  const judged = judges
    .map((j) => ({
      name: j.name,
      kind: j.kind === "model" ? ("model" as const) : ("human" as const),
      targets: Object.fromEntries(counts.filter((c) => c.judgeId === j.id).map((c) => [c.targetType, c._count._all])),
    }))
    .filter((j) => Object.keys(j.targets).length > 0);
  const annotated = (id: number) => annotations.get(id) ?? 0;
  // the label sets the reports offer that can be written as labels: a campaign's majority or adjudicated labels once it has annotations, an LLM corrected by humans
  const typed = campaigns.map((c) => ({ ...c, taskType: taskTypeSchema.parse(c.taskType) }));
  const labelSets = labelSetOptions({ judges: judged, campaigns: typed }).flatMap(({ set, ...o }) => {
    const campaign = "campaignId" in set ? typed.find((c) => c.id === set.campaignId) : undefined;
    const pairTarget = campaign && TASK_TYPES[campaign.taskType].pairTarget;
    if (campaign)
      return pairTarget && annotated(campaign.id) > 0
        ? [{ ...o, targets: { [pairTarget]: annotated(campaign.id) } }]
        : [];
    const corrected = set.kind === "corrected" ? judged.find((j) => j.name === set.judge) : undefined;
    return corrected ? [{ ...o, targets: corrected.targets }] : [];
  });
  return {
    labelSets,
    judges: judged,
    campaigns: campaigns
      .map((c) => ({
        id: c.id,
        name: c.name,
        annotations: annotated(c.id),
        skips: skips.find((s) => s.campaignId === c.id)?._count._all ?? 0,
      }))
      .filter((c) => c.annotations + c.skips > 0),
    nuggets,
    nuggetSets: sets.map((s) => ({ name: s.name, nuggets: s._count.nuggets })),
  };
}
