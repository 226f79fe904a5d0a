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
 * The adjudicator decides the final level of an item's targets (its own, or nuggets of an answer),
 * with an optional reason (docs/DOMAIN.md, "Adjudication"). Each decision keeps who and when, the
 * annotators' labels it saw, the LLM's label when one was shown, and the reason; a later decision on
 * the target replaces it. Refused, with nothing stored: a level not on the campaign's scale; a target
 * the item does not have, or whose annotators agree (final, unless every item goes through the
 * queue); labels that changed since the adjudicator opened the item (`labelsToken`).
 */
export async function saveDecision(
  user: UserDto,
  campaignId: number,
  itemId: number,
  body: SaveDecision,
  now = new Date(),
): Promise<{ itemId: number; decided: number; decidedAt: string }> {
  const { levels, reason, labelsToken } = parseOrThrow(saveDecisionSchema, body);
  const campaign = await adjudicatorCampaign(user, campaignId);
  const scale = campaign.scale.levels.map((l) => l.value);
  for (const [key, level] of Object.entries(levels))
    if (!scale.includes(level))
      throw invalid(`levels.${key}: "${level}" is not a level of ${campaign.scale.name} (${scale.join(", ")})`);
  const item = await adjudicatedItem(campaign, itemId);
  const labels = await itemLabels(campaign, item);
  assertLabelledTwice(item, labels);
  if (labels.labelsToken !== labelsToken)
    throw new AppError(
      "conflict",
      `item ${item.position}: its annotators' labels changed since you opened it; look at them again before deciding`,
    );
  const decisions = Object.entries(levels).map(([key, level]) => {
    const target = labels.targets.find((t) => t.key === key);
    if (!target) throw invalid(`levels.${key}: item ${item.position} has no such target`);
    if (!target.queued)
      throw new AppError(
        "conflict",
        `item ${item.position}${target.nugget ? `, nugget ${target.nugget.position}` : ""}: its annotators agree (${target.seen[0]?.level}), so its level is final`,
      );
    return {
      itemId: item.id,
      targetKey: key,
      userId: user.id,
      level,
      reason,
      seen: JSON.stringify(target.seen),
      llm: target.llm ? JSON.stringify({ judge: target.llm.judge, value: target.llm.level }) : null,
      decidedAt: now,
    };
  });
  await withTransaction((tx) => upsertDecisions(tx, decisions));
  return { itemId: item.id, decided: decisions.length, decidedAt: now.toISOString() };
}
