import "server-only";
import { lockAnnotator, markSkipped, replaceSeat, seatOf } from "../db/assignments";
import { withTransaction } from "../db/transactions";
import { AppError } from "../errors";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";

/**
 * Skips a claimed item: the seat stays as the record that this annotator skipped it (they are not
 * offered it again) and a new open seat takes its place, so the item still gets its overlap.
 */
export async function skipItem(
  user: UserDto,
  campaignId: number,
  itemId: number,
  now = new Date(),
): Promise<{ skipped: true }> {
  const campaign = await annotatorCampaign(user, campaignId);
  return withTransaction(async (tx) => {
    await lockAnnotator(tx, campaign.id, user.id);
    const seat = await seatOf(tx, campaign.id, user.id, itemId);
    if (seat?.status === "skipped") return { skipped: true };
    if (seat?.status !== "leased")
      throw new AppError(
        "conflict",
        seat ? "This item is already labelled; it cannot be skipped" : "This item is not assigned to you",
      );
    await markSkipped(tx, seat.id, now);
    await replaceSeat(tx, seat.id);
    return { skipped: true };
  });
}
