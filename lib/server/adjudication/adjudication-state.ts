import "server-only";
import { adjudicationUnits } from "@/lib/domain/adjudication/adjudication-items";
import {
  adjudicatedLevels,
  adjudicationCounts,
  adjudicationQueue,
  type AdjudicationCounts,
  type AdjudicationUnit,
  type QueuedItem,
} from "@/lib/domain/adjudication/adjudication-queue";
import type { Scale } from "@/lib/domain/scales";
import { campaignDecisions } from "../db/adjudication";
import { campaignAnnotations, type ItemAnnotation } from "../db/annotations";
import { getDb } from "../db/client";

/** A campaign's adjudication as it stands: its labelled targets, their latest labels, the decisions (by target key), the queue. */
export type AdjudicationState = {
  units: AdjudicationUnit[];
  labels: Map<string, { row: ItemAnnotation; value: string }[]>;
  decisions: Map<string, string>;
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
    campaignAnnotations(campaign.id),
    campaignDecisions(campaign.id),
    db.item.count({ where: { campaignId: campaign.id, goldLevel: null } }), // gold items are never adjudicated
  ]);
  const { units, labels } = adjudicationUnits(annotations);
  return {
    units,
    labels,
    decisions,
    queue: adjudicationQueue(units, campaign.scale, every),
    counts: adjudicationCounts(total, units, decisions, every),
  };
}

/** The adjudicated levels of a campaign's state, by target key (agreed targets and decisions), and how many are undecided. */
export const adjudicatedOf = (state: AdjudicationState, every: boolean) =>
  adjudicatedLevels(state.units, state.decisions, every);
