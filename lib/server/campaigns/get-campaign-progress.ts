import "server-only";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { researcherCampaign } from "./campaign-access";
import { getRevealEffect } from "./get-reveal-effect";

/** A campaign's progress for its researchers: items by status, and per annotator their labels and time. */
export async function getCampaignProgress(user: UserDto, campaignId: number): Promise<CampaignProgress> {
  const campaign = await researcherCampaign(user, campaignId);
  const db = await getDb();
  const where = { campaignId: campaign.id };
  const [annotators, seatCounts, submittedPerItem, itemTotal, leasedItems, durations, revised] = await Promise.all([
    db.campaignAnnotator.findMany({ where, include: { user: { select: { id: true, email: true, name: true } } }, orderBy: { userId: "asc" } }),
    db.assignment.groupBy({ by: ["userId", "status"], where: { ...where, userId: { not: null } }, _count: { _all: true } }),
    db.assignment.groupBy({ by: ["itemId"], where: { ...where, status: "submitted" }, _count: { _all: true } }),
    db.item.count({ where }),
    db.assignment.findMany({ where: { ...where, status: "leased" }, distinct: ["itemId"], select: { itemId: true } }),
    db.annotation.groupBy({ by: ["userId", "itemId"], where: { item: where }, _sum: { durationMs: true } }),
    db.annotation.groupBy({ by: ["userId"], where: { item: where, phase: "revised" }, _count: { _all: true } }),
  ]);
  const count = (userId: number, status: string) => seatCounts.find((s) => s.userId === userId && s.status === status)?._count._all ?? 0;
  const complete = submittedPerItem.filter((i) => i._count._all >= campaign.overlap).length;
  const started = new Set([...submittedPerItem.map((i) => i.itemId), ...leasedItems.map((i) => i.itemId)]);
  const submitted = submittedPerItem.reduce((s, i) => s + i._count._all, 0);
  return {
    id: campaign.id,
    studyId: campaign.studyId,
    studyName: campaign.studyName,
    name: campaign.name,
    taskType: campaign.taskType,
    protocol: campaign.protocol,
    status: campaign.status,
    scaleName: campaign.scale.name,
    llmJudge: campaign.llmJudge?.name ?? null,
    overlap: campaign.overlap,
    seed: campaign.seed,
    sample: campaign.sample,
    items: { total: itemTotal, complete, inProgress: started.size - complete, untouched: itemTotal - started.size },
    labels: { submitted, target: itemTotal * campaign.overlap },
    reveal: await getRevealEffect(db, campaign),
    annotators: annotators.map(({ user: a }) => {
      const seconds = durations.filter((d) => d.userId === a.id).map((d) => (d._sum.durationMs ?? 0) / 1000);
      return {
        userId: a.id,
        email: a.email,
        name: a.name,
        submitted: count(a.id, "submitted"),
        skipped: count(a.id, "skipped"),
        leased: count(a.id, "leased"),
        revised: revised.find((r) => r.userId === a.id)?._count._all ?? 0,
        medianSeconds: median(seconds),
        totalSeconds: Math.round(seconds.reduce((s, x) => s + x, 0)),
      };
    }),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round((sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}
