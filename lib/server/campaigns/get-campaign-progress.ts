import "server-only";
import { buildAnnotatorProgress } from "@/lib/domain/campaigns/annotator-progress";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import type { UserDto } from "../users/user-dto";
import { researcherCampaign } from "./campaign-access";
import { getRevealEffect, revealedAnnotations } from "./get-reveal-effect";
import { listStrandedItems } from "./list-stranded-items";

/**
 * A campaign's progress for its researchers: items done (no seat left open or held), in progress,
 * not started and stranded (open seats nobody can take); per annotator their labels, skips, held
 * items, how often they confirmed or changed their label after the reveal, and their time.
 */
export async function getCampaignProgress(user: UserDto, campaignId: number): Promise<CampaignProgress> {
  const campaign = await researcherCampaign(user, campaignId);
  const db = await getDb();
  const where = { campaignId: campaign.id };
  const [annotators, seatCounts, [items], durations, phases, stranded] = await Promise.all([
    db.campaignAnnotator.findMany({
      where,
      include: { user: { select: { id: true, email: true, name: true } } },
      orderBy: { userId: "asc" },
    }),
    db.assignment.groupBy({ by: ["userId", "status"], where, _count: { _all: true } }),
    readRows<{ total: unknown; complete: unknown; untouched: unknown }>(
      `SELECT COUNT(*) AS "total", SUM(CASE WHEN t."pending" = 0 THEN 1 ELSE 0 END) AS "complete", SUM(CASE WHEN t."touched" = 0 THEN 1 ELSE 0 END) AS "untouched"
         FROM (SELECT "itemId", SUM(CASE WHEN "status" IN ('open', 'leased') THEN 1 ELSE 0 END) AS "pending",
                      SUM(CASE WHEN "userId" IS NOT NULL OR "status" = 'closed' THEN 1 ELSE 0 END) AS "touched"
                 FROM "Assignment" WHERE "campaignId" = ? GROUP BY "itemId") t`,
      [campaign.id],
    ),
    db.annotation.groupBy({ by: ["userId", "itemId"], where: { item: where }, _sum: { durationMs: true } }),
    revealedAnnotations(db, campaign),
    listStrandedItems(campaign),
  ]);
  const progress = buildAnnotatorProgress({
    annotators: annotators.map((a) => a.user),
    seats: seatCounts.map((s) => ({ userId: s.userId, status: s.status, count: s._count._all })),
    durations: durations.map((d) => ({ userId: d.userId, ms: d._sum.durationMs ?? 0 })),
    phases,
  });
  const total = Number(items?.total ?? 0);
  const complete = Number(items?.complete ?? 0);
  const untouched = Number(items?.untouched ?? 0);
  return {
    id: campaign.id,
    studyId: campaign.studyId,
    studyName: campaign.studyName,
    name: campaign.name,
    taskType: campaign.taskType,
    protocol: campaign.protocol,
    status: campaign.status,
    guidelines: campaign.guidelines,
    scaleName: campaign.scale.name,
    llmJudge: campaign.llmJudge?.name ?? null,
    overlap: campaign.overlap,
    seed: campaign.seed,
    sample: campaign.sample,
    items: { total, complete, inProgress: total - complete - untouched, untouched, stranded: stranded.length },
    labels: progress.labels,
    stranded,
    reveal: await getRevealEffect(db, campaign, phases),
    annotators: progress.annotators,
  };
}
