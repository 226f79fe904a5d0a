import "server-only";
import { seatSides } from "@/lib/domain/preferences/sides";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import { openSeats, seatPositions, swapSides } from "../db/assignments";
import { addCampaignAnnotators, insertCampaign, insertItems } from "../db/campaigns";
import { getDb } from "../db/client";
import { withBulkTransaction, type Tx } from "../db/transactions";
import { AppError } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { planCampaign } from "./plan-campaign";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

/**
 * Creates and starts a campaign: the campaign, its annotators, the sampled items in order and
 * `overlap` open seats per item, in one transaction.
 */
export async function createCampaign(
  user: UserDto,
  studyId: number,
  draft: CampaignDraft,
  now = new Date(),
): Promise<{ id: number; items: number }> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  if (await db.campaign.findUnique({ where: { studyId_name: { studyId, name: draft.name } } })) {
    throw new AppError("conflict", `name: this study already has a campaign named "${draft.name}"`);
  }
  const plan = await planCampaign(db, studyId, draft);
  return withBulkTransaction(async (tx) => {
    const id = await insertCampaign(tx, {
      studyId,
      name: draft.name,
      taskType: draft.taskType,
      scale: JSON.stringify(plan.scale),
      criteria: JSON.stringify(plan.criteria),
      protocol: draft.protocol,
      overlap: draft.overlap,
      sample: JSON.stringify(draft.sample),
      seed: draft.seed,
      guidelines: draft.guidelines,
      llmJudgeId: plan.llmJudgeId,
      highlightTerms: draft.highlightTerms ?? false,
      gold: plan.gold ? JSON.stringify(plan.gold) : null,
      nuggetSetId: plan.nuggetSetId,
      createdAt: now,
    });
    await addCampaignAnnotators(tx, id, [...new Set(draft.annotatorIds)]);
    await insertItems(tx, id, plan.items);
    await openSeats(tx, id, draft.overlap);
    if (TASK_TYPES[draft.taskType].shows.responses)
      await recordSides(tx, id, plan.items.length, draft.overlap, draft.seed);
    return { id, items: plan.items.length };
  });
}

/** Which seats show system B on the left (seatSides: seeded, balanced), recorded on the seats. */
async function recordSides(tx: Tx, campaignId: number, items: number, overlap: number, seed: number) {
  const seats = await seatPositions(tx, campaignId);
  const sides = seatSides(items, overlap, seed);
  const swapped: number[] = [];
  let seat = 0;
  seats.forEach((s, i) => {
    seat = i > 0 && seats[i - 1]!.position === s.position ? seat + 1 : 0;
    if (sides[s.position - 1]![seat]) swapped.push(s.id);
  });
  await swapSides(tx, swapped);
}
