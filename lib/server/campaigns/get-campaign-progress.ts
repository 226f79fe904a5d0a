import "server-only";
import { levelOfPayload } from "@/lib/domain/campaigns/judgment";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import type { UserDto } from "../users/user-dto";
import { researcherCampaign } from "./campaign-access";
import { getRevealEffect, revealedAnnotations, type RevealedAnnotation } from "./get-reveal-effect";
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
  const count = (userId: number, status: string) =>
    seatCounts.find((s) => s.userId === userId && s.status === status)?._count._all ?? 0;
  const all = (status: string) => seatCounts.filter((s) => s.status === status).reduce((n, s) => n + s._count._all, 0);
  const total = Number(items?.total ?? 0);
  const complete = Number(items?.complete ?? 0);
  const untouched = Number(items?.untouched ?? 0);
  const afterReveal = revealChoices(phases);
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
    labels: { submitted: all("submitted"), target: all("submitted") + all("leased") + all("open") },
    stranded,
    reveal: await getRevealEffect(db, campaign, phases),
    annotators: annotators.map(({ user: a }) => {
      const seconds = durations.filter((d) => d.userId === a.id).map((d) => (d._sum.durationMs ?? 0) / 1000);
      return {
        userId: a.id,
        email: a.email,
        name: a.name,
        submitted: count(a.id, "submitted"),
        skipped: count(a.id, "skipped"),
        leased: count(a.id, "leased"),
        confirmed: afterReveal.get(a.id)?.confirmed ?? 0,
        changed: afterReveal.get(a.id)?.changed ?? 0,
        medianSeconds: median(seconds),
        totalSeconds: Math.round(seconds.reduce((s, x) => s + x, 0)),
      };
    }),
  };
}

/** Per annotator, of their revisions after the reveal: how many kept the blind label and how many changed it. */
function revealChoices(annotations: RevealedAnnotation[]): Map<number, { confirmed: number; changed: number }> {
  const blind = new Map(
    annotations.filter((a) => a.phase === "blind").map((a) => [`${a.userId}:${a.itemId}`, levelOfPayload(a.payload)]),
  );
  const out = new Map<number, { confirmed: number; changed: number }>();
  for (const a of annotations.filter((x) => x.phase === "revised")) {
    const mine = out.get(a.userId) ?? out.set(a.userId, { confirmed: 0, changed: 0 }).get(a.userId)!;
    if (blind.get(`${a.userId}:${a.itemId}`) === levelOfPayload(a.payload)) mine.confirmed++;
    else mine.changed++;
  }
  return out;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round((sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}
