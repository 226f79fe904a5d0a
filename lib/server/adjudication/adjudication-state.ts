import "server-only";
import { adjudicationItems } from "@/lib/domain/adjudication/adjudication-items";
import {
  adjudicatedLevels,
  adjudicationCounts,
  adjudicationQueue,
  type AdjudicationCounts,
  type AdjudicationItem,
  type QueuedItem,
} from "@/lib/domain/adjudication/adjudication-queue";
import type { Scale } from "@/lib/domain/scales";
import { adjudicationAnnotations, campaignDecisions, type AdjudicationAnnotation } from "../db/adjudication";
import { getDb } from "../db/client";

/** A campaign's adjudication as it stands: its labelled items, their latest labels, the decisions, the queue. */
export type AdjudicationState = {
  items: AdjudicationItem[];
  labels: Map<number, { row: AdjudicationAnnotation; value: string }[]>;
  decisions: Map<number, string>;
  queue: QueuedItem[];
  counts: AdjudicationCounts;
};

/** Reads a campaign's annotations and decisions (two reads) and orders its queue. */
export async function adjudicationState(
  campaign: { id: number; scale: Scale },
  every: boolean,
): Promise<AdjudicationState> {
  const db = await getDb();
  const [annotations, decisions, total] = await Promise.all([
    adjudicationAnnotations(campaign.id),
    campaignDecisions(campaign.id),
    db.item.count({ where: { campaignId: campaign.id } }),
  ]);
  const { items, labels } = adjudicationItems(annotations);
  return {
    items,
    labels,
    decisions,
    queue: adjudicationQueue(items, campaign.scale, every),
    counts: adjudicationCounts(total, items, decisions, every),
  };
}

/** The adjudicated levels of a campaign's state, by item (agreed items and decisions), and how many are undecided. */
export const adjudicatedOf = (state: AdjudicationState, every: boolean) =>
  adjudicatedLevels(state.items, state.decisions, every);
