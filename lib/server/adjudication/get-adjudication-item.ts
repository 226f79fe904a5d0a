import "server-only";
import type { AdjudicationItemView } from "@/lib/schemas/adjudication";
import { getDb } from "../db/client";
import { invalid, notFound } from "../errors";
import { itemContent } from "../items/item-content";
import type { UserDto } from "../users/user-dto";
import { adjudicatorCampaign, type AdjudicationCampaign } from "./adjudication-access";
import { itemLabels } from "./item-labels";

/**
 * One item of a campaign as its adjudicator sees it: as its annotators saw it, their latest labels
 * and comments, the LLM's label only once a researcher allowed it, and the decisions made. An
 * item fewer than two annotators labelled is refused: it waits for them.
 */
export async function getAdjudicationItem(
  user: UserDto,
  campaignId: number,
  itemId: number,
): Promise<AdjudicationItemView> {
  const campaign = await adjudicatorCampaign(user, campaignId);
  const item = await adjudicatedItem(campaign, itemId);
  const labels = await itemLabels(campaign, item);
  assertLabelledTwice(item, labels);
  const decisions = new Map(item.decisions.map((d) => [d.targetKey, d]));
  return {
    item: await itemContent(campaign, item),
    position: item.position,
    annotators: labels.annotators,
    labelsToken: labels.labelsToken,
    targets: labels.targets.map(({ seen: _seen, ...t }) => {
      const d = decisions.get(t.key);
      return {
        ...t,
        decision: d
          ? {
              level: d.level,
              reason: d.reason,
              by: d.user.name || d.user.email,
              decidedAt: d.decidedAt.toISOString(),
              llmShown: d.llm !== null,
            }
          : null,
      };
    }),
  };
}

/**
 * An item of the campaign with what it shows and its decisions; not-found for another campaign's
 * and for a gold item (its answers measure the annotators: it is never adjudicated, never queued).
 */
export async function adjudicatedItem(campaign: AdjudicationCampaign, itemId: number) {
  const db = await getDb();
  const item = await db.item.findFirst({
    where: { id: itemId, campaignId: campaign.id, goldLevel: null },
    include: {
      query: true,
      nugget: true,
      document: true,
      decisions: { include: { user: { select: { name: true, email: true } } } },
    },
  });
  if (!item) throw notFound("Item not found");
  return item;
}

/** Refuses an item fewer than two annotators labelled: it is not in the queue yet. */
export function assertLabelledTwice(item: { position: number }, labels: { annotators: readonly unknown[] }): void {
  if (labels.annotators.length < 2)
    throw invalid(
      `item ${item.position} waits for its annotators: ${labels.annotators.length} of them labelled it, and adjudication needs two`,
    );
}
