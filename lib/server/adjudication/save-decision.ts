import "server-only";
import { saveDecisionSchema, type SaveDecision } from "@/lib/schemas/adjudication";
import { upsertDecisions } from "../db/adjudication";
import { withTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { adjudicatorCampaign } from "./adjudication-access";
import { adjudicatedItem, assertLabelledTwice } from "./get-adjudication-item";
import { itemLabels } from "./item-labels";

/**
 * The adjudicator decides an item's final level, with an optional reason (docs/DOMAIN.md,
 * "Adjudication"). The decision keeps who and when, the annotators' labels it saw, the LLM's label
 * when one was shown, and the reason; a later decision on the item replaces it. Refused: a level
 * not on the campaign's scale; an item whose annotators agree (final, unless every item goes through
 * the queue); labels that changed since the adjudicator opened the item (`labelsToken`).
 */
export async function saveDecision(
  user: UserDto,
  campaignId: number,
  itemId: number,
  body: SaveDecision,
  now = new Date(),
): Promise<{ itemId: number; level: string; decidedAt: string }> {
  const { level, reason, labelsToken } = parseOrThrow(saveDecisionSchema, body);
  const campaign = await adjudicatorCampaign(user, campaignId);
  if (!campaign.scale.levels.some((l) => l.value === level))
    throw invalid(
      `level: "${level}" is not a level of ${campaign.scale.name} (${campaign.scale.levels.map((l) => l.value).join(", ")})`,
    );
  const item = await adjudicatedItem(campaign, itemId);
  const labels = await itemLabels(campaign, item);
  assertLabelledTwice(item, labels);
  if (labels.labelsToken !== labelsToken)
    throw new AppError(
      "conflict",
      `item ${item.position}: its annotators' labels changed since you opened it; look at them again before deciding`,
    );
  const levels = new Set(labels.seen.map((l) => l.level));
  if (levels.size === 1 && !campaign.adjudication.every)
    throw new AppError(
      "conflict",
      `item ${item.position}: its annotators agree (${[...levels][0]}), so its level is final`,
    );
  await withTransaction((tx) =>
    upsertDecisions(tx, [
      {
        itemId: item.id,
        userId: user.id,
        level,
        reason,
        seen: JSON.stringify(labels.seen),
        llm: labels.llm ? JSON.stringify({ judge: labels.llm.judge, value: labels.llm.level }) : null,
        decidedAt: now,
      },
    ]),
  );
  return { itemId: item.id, level, decidedAt: now.toISOString() };
}
