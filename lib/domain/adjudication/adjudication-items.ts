import { latestLevels, type CampaignAnnotation } from "../label-sets/derive-labels";
import type { AdjudicationItem } from "./adjudication-queue";

/** An annotation as adjudication groups it: by its item, in the campaign's order. */
type ItemAnnotation = CampaignAnnotation & { itemId: number; position: number };

/**
 * A campaign's annotations as adjudication reads them: each item's annotators' latest levels (the
 * revision after a reveal where there is one), annotators in the order of their ids, items in the
 * campaign's order; and those latest labels themselves, by item.
 */
export function adjudicationItems<A extends ItemAnnotation>(
  annotations: readonly A[],
): { items: AdjudicationItem[]; labels: Map<number, { row: A; value: string }[]> } {
  const labels = new Map<number, { row: A; value: string }[]>();
  for (const latest of latestLevels(annotations))
    (labels.get(latest.row.itemId) ?? labels.set(latest.row.itemId, []).get(latest.row.itemId)!).push(latest);
  for (const list of labels.values()) list.sort((x, y) => x.row.userId - y.row.userId);
  const items = [...labels.entries()]
    .map(([itemId, list]) => ({ itemId, position: list[0]!.row.position, levels: list.map((l) => l.value) }))
    .sort((x, y) => x.position - y.position);
  return { items, labels };
}
