import "server-only";
import type { ExportOptions } from "@/lib/schemas/imports";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * What the export panel may offer: only judges with labels of a kind, the derived label sets that
 * have labels (a support or relevance campaign's majority once it has annotations; an LLM corrected
 * by humans once humans judged), and campaigns with annotations or skips.
 */
export async function getExportOptions(user: UserDto, studyId: number): Promise<ExportOptions> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [judges, counts, campaigns, annotations, skips] = await Promise.all([
    db.judge.findMany({ where: { studyId }, orderBy: { name: "asc" }, select: { id: true, name: true, kind: true } }),
    db.label.groupBy({ by: ["judgeId", "targetType"], where: { studyId }, _count: { _all: true } }),
    db.campaign.findMany({ where: { studyId }, orderBy: { createdAt: "desc" }, select: { id: true, name: true, taskType: true } }),
    readRows<{ campaignId: unknown; annotations: unknown }>(
      `SELECT i."campaignId" AS "campaignId", COUNT(*) AS "annotations" FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId"
         JOIN "Campaign" c ON c."id" = i."campaignId" WHERE c."studyId" = ? GROUP BY i."campaignId"`,
      [studyId],
    ),
    db.assignment.groupBy({ by: ["campaignId"], where: { campaign: { studyId }, skippedAt: { not: null } }, _count: { _all: true } }),
  ]);
  const judged = judges
    .map((j) => ({
      name: j.name,
      kind: j.kind === "model" ? ("model" as const) : ("human" as const),
      targets: Object.fromEntries(counts.filter((c) => c.judgeId === j.id).map((c) => [c.targetType, c._count._all])),
    }))
    .filter((j) => Object.keys(j.targets).length > 0);
  const annotated = (id: number) => Number(annotations.find((a) => Number(a.campaignId) === id)?.annotations ?? 0);
  const pairTargets = (taskType: string) => (taskType === "support" ? "nugget_document" : "query_document");
  const labelSets = [
    ...campaigns
      .filter((c) => (c.taskType === "support" || c.taskType === "relevance") && annotated(c.id) > 0)
      .map((c) => ({ value: `campaign:${c.id}`, label: `Annotators of ${c.name} (majority)`, targets: { [pairTargets(c.taskType)]: annotated(c.id) } })),
    ...(judged.some((j) => j.kind === "human")
      ? judged.filter((j) => j.kind === "model").map((j) => ({ value: `corrected:${j.name}`, label: `${j.name} corrected by humans where they judged`, targets: j.targets }))
      : []),
  ];
  return {
    labelSets,
    judges: judged,
    campaigns: campaigns
      .map((c) => ({ id: c.id, name: c.name, annotations: annotated(c.id), skips: skips.find((s) => s.campaignId === c.id)?._count._all ?? 0 }))
      .filter((c) => c.annotations + c.skips > 0),
  };
}
