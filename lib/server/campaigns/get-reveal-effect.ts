import "server-only";
import { buildRevealSummary } from "@/lib/domain/agreement/reveal-effect";
import type { RevealSummary } from "@/lib/schemas/campaigns";
import type { Db } from "../db/client";
import type { CampaignRecord } from "../db/campaign-record";

/** A blind or revised annotation of the campaign, as the campaign page loads them once for everything it shows of the reveal. */
export type RevealedAnnotation = {
  userId: number;
  itemId: number;
  phase: string;
  payload: string;
  item: { targetKey: string };
  user: { email: string };
};

/** The campaign's blind and revised annotations of its sampled items (none unless it is blind then reveal; gold items' are left out). */
export async function revealedAnnotations(db: Db, campaign: CampaignRecord): Promise<RevealedAnnotation[]> {
  if (campaign.protocol !== "blind_then_reveal") return [];
  return db.annotation.findMany({
    where: { item: { campaignId: campaign.id, goldLevel: null }, phase: { in: ["blind", "revised"] } },
    select: {
      userId: true,
      itemId: true,
      phase: true,
      payload: true,
      item: { select: { targetKey: true } },
      user: { select: { email: true } },
    },
  });
}

/**
 * For a blind-then-reveal campaign: each annotator's (and everyone's) agreement with the campaign's
 * LLM before and after the reveal, on binarized labels. Items the LLM did not label are left out.
 */
export async function getRevealEffect(
  db: Db,
  campaign: CampaignRecord,
  annotations: RevealedAnnotation[],
): Promise<RevealSummary | null> {
  if (campaign.protocol !== "blind_then_reveal" || !campaign.llmJudge) return null;
  const llmLabels = await db.label.findMany({
    where: { judgeId: campaign.llmJudge.id, targetKey: { in: [...new Set(annotations.map((a) => a.item.targetKey))] } },
    select: { targetKey: true, value: true, scale: true },
  });
  return buildRevealSummary({
    llmJudge: campaign.llmJudge.name,
    scale: campaign.scale,
    llmLabels,
    annotations: annotations.map((a) => ({
      email: a.user.email,
      targetKey: a.item.targetKey,
      phase: a.phase,
      payload: a.payload,
    })),
  });
}
