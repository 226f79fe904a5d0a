import "server-only";
import { buildAnnotatorProgress } from "@/lib/domain/campaigns/annotator-progress";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { itemCompletion } from "../db/campaign-progress";
import type { UserDto } from "../users/user-dto";
import { researcherCampaign } from "./campaign-access";
import { parseGoldSettings } from "@/lib/domain/campaigns/gold";
import { getRevealEffect, revealedAnnotations } from "./get-reveal-effect";
import { listStrandedItems } from "../db/stranded-items";
import { adjudicable } from "@/lib/domain/task-types/adjudicable";
import type { AdjudicationProgress } from "@/lib/schemas/adjudication-progress";
import { adjudicationSettings } from "../adjudication/adjudication-access";
import { adjudicationState } from "../adjudication/adjudication-state";
import type { CampaignRecord } from "../db/campaign-record";

/**
 * A campaign's progress for its researchers: items done (no seat left open or held), in progress,
 * not started and stranded (open seats nobody can take); per annotator their labels, skips, held
 * items, how often they confirmed or changed their label after the reveal, and their time; and
 * where adjudication stands, for a campaign that has it; its gold items' settings (researchers only).
 */
export async function getCampaignProgress(user: UserDto, campaignId: number): Promise<CampaignProgress> {
  const campaign = await researcherCampaign(user, campaignId);
  const db = await getDb();
  const where = { campaignId: campaign.id };
  const [annotators, seatCounts, items, durations, phases, stranded, gold] = await Promise.all([
    db.campaignAnnotator.findMany({
      where,
      include: { user: { select: { id: true, email: true, name: true } } },
      orderBy: { userId: "asc" },
    }),
    db.assignment.groupBy({ by: ["userId", "status"], where, _count: { _all: true } }),
    itemCompletion(campaign.id),
    db.annotation.groupBy({ by: ["userId", "itemId"], where: { item: where }, _sum: { durationMs: true } }),
    revealedAnnotations(db, campaign),
    listStrandedItems(campaign),
    db.campaign.findUniqueOrThrow({ where: { id: campaign.id }, select: { gold: true } }),
  ]);
  const progress = buildAnnotatorProgress({
    annotators: annotators.map((a) => a.user),
    seats: seatCounts.map((s) => ({ userId: s.userId, status: s.status, count: s._count._all })),
    durations: durations.map((d) => ({ userId: d.userId, ms: d._sum.durationMs ?? 0 })),
    phases,
  });
  const { total, complete, untouched } = items;
  return {
    id: campaign.id,
    studyId: campaign.studyId,
    studyName: campaign.studyName,
    name: campaign.name,
    taskType: campaign.taskType,
    protocol: campaign.protocol,
    status: campaign.status,
    guidelines: campaign.guidelines,
    highlightTerms: campaign.highlightTerms,
    scaleName: campaign.scale.name,
    llmJudge: campaign.llmJudge?.name ?? null,
    overlap: campaign.overlap,
    seed: campaign.seed,
    sample: campaign.sample,
    gold: parseGoldSettings(gold.gold),
    items: { total, complete, inProgress: total - complete - untouched, untouched, stranded: stranded.length },
    labels: progress.labels,
    stranded,
    reveal: await getRevealEffect(db, campaign, phases),
    adjudication: adjudicable(campaign.taskType, campaign.overlap)
      ? await adjudicationProgress(campaign, campaign.status === "closed" || complete === total)
      : null,
    annotators: progress.annotators,
  };
}

async function adjudicationProgress(campaign: CampaignRecord, annotatorsDone: boolean): Promise<AdjudicationProgress> {
  const settings = await adjudicationSettings(campaign.id);
  const { counts } = await adjudicationState(campaign, settings.every);
  return { settings: { ...settings, llm: settings.llm?.name ?? null }, counts, annotatorsDone };
}
