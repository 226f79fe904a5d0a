import { latestLevels, type CampaignAnnotation } from "../label-sets/derive-labels";
import type { AdjudicationUnit } from "./adjudication-queue";

/** An annotation as adjudication groups it: by its target, shown in an item of the campaign. */
type UnitAnnotation = CampaignAnnotation & { itemId: number; position: number };

/**
 * A campaign's annotations (a nugget assignment's already one per nugget: perNuggetAnnotations) as
 * adjudication reads them: each target's annotators' latest levels (the revision after a reveal
 * where there is one), annotators in the order of their ids, targets in the campaign's order; and
 * those latest labels themselves, by target key.
 */
export function adjudicationUnits<A extends UnitAnnotation>(
  annotations: readonly A[],
): { units: AdjudicationUnit[]; labels: Map<string, { row: A; value: string }[]> } {
  const labels = new Map<string, { row: A; value: string }[]>();
  for (const latest of latestLevels(annotations))
    (labels.get(latest.row.targetKey) ?? labels.set(latest.row.targetKey, []).get(latest.row.targetKey)!).push(latest);
  for (const list of labels.values()) list.sort((x, y) => x.row.userId - y.row.userId);
  const units = [...labels.entries()]
    .map(([key, list]) => ({
      itemId: list[0]!.row.itemId,
      position: list[0]!.row.position,
      key,
      levels: list.map((l) => l.value),
    }))
    .sort((x, y) => x.position - y.position);
  return { units, labels };
}
