import "server-only";
import { revealEffect, type RevealedItem } from "@/lib/domain/agreement/reveal-effect";
import { levelOfPayload } from "@/lib/domain/campaigns/judgment";
import { binarize, scaleById } from "@/lib/domain/scales";
import type { RevealSummary } from "@/lib/schemas/campaigns";
import type { Db } from "../db/client";
import type { CampaignRecord } from "./campaign-access";

/** A blind or revised annotation of the campaign, as the campaign page loads them once for everything it shows of the reveal. */
export type RevealedAnnotation = {
  userId: number;
  itemId: number;
  phase: string;
  payload: string;
  item: { targetKey: string };
  user: { email: string };
};

/** The campaign's blind and revised annotations (none unless it is blind then reveal). */
export async function revealedAnnotations(db: Db, campaign: CampaignRecord): Promise<RevealedAnnotation[]> {
  if (campaign.protocol !== "blind_then_reveal") return [];
  return db.annotation.findMany({
    where: { item: { campaignId: campaign.id }, phase: { in: ["blind", "revised"] } },
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
  const llm = new Map(llmLabels.map((l) => [l.targetKey, binarize(scaleById(l.scale) ?? campaign.scale, l.value)]));
  const byUser = new Map<string, Map<string, { blind?: boolean | null; revised?: boolean | null }>>();
  for (const a of annotations) {
    const level = levelOfPayload(a.payload) ?? "";
    const mine = byUser.get(a.user.email) ?? byUser.set(a.user.email, new Map()).get(a.user.email)!;
    const entry = mine.get(a.item.targetKey) ?? {};
    entry[a.phase as "blind" | "revised"] = binarize(campaign.scale, level);
    mine.set(a.item.targetKey, entry);
  }
  const itemsOf = (entries: Map<string, { blind?: boolean | null; revised?: boolean | null }>): RevealedItem[] =>
    [...entries].flatMap(([key, e]) => {
      const l = llm.get(key);
      return l === undefined || l === null || e.blind === undefined || e.blind === null
        ? []
        : [{ llm: l, blind: e.blind, revised: e.revised ?? null }];
    });
  const annotators = [...byUser]
    .map(([email, entries]) => ({ email, ...revealEffect(itemsOf(entries)) }))
    .sort((x, y) => x.email.localeCompare(y.email));
  return { llmJudge: campaign.llmJudge.name, overall: revealEffect([...byUser.values()].flatMap(itemsOf)), annotators };
}
