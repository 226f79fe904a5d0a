import "server-only";
import type { StrandedAction } from "@/lib/schemas/campaign-admin";
import { closeOpenSeats, giveSeatBack, leaseOpenSeatTo, seatOf, skippedSeatsOfAnnotators } from "../db/assignments";
import { annotatesCampaign, isItemOf } from "../db/campaigns";
import { withTransaction } from "../db/transactions";
import { AppError, notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { researcherCampaign } from "./campaign-access";

/**
 * A researcher settles an item whose open seats nobody can take (see listStrandedItems):
 * - reopen: the annotators who skipped it get it back (their seat is theirs again, leased; the
 *   skip stays on record for the export);
 * - reassign: one annotator of the campaign gets an open seat of it (or their skipped one back);
 * - close: its open seats close, and the item counts as done with the labels it has.
 * Returns how many seats changed.
 */
export async function resolveStrandedItem(
  user: UserDto,
  campaignId: number,
  itemId: number,
  action: StrandedAction,
  now = new Date(),
): Promise<{ changed: number }> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.status === "closed") throw new AppError("conflict", "The campaign is closed");
  return withTransaction(async (tx) => {
    if (!(await isItemOf(tx, itemId, campaign.id))) throw notFound("Item not found");
    switch (action.action) {
      case "close": {
        const closed = await closeOpenSeats(tx, itemId);
        if (closed === 0) throw new AppError("conflict", "This item has no open seat to close");
        return { changed: closed };
      }
      case "reopen": {
        const skipped = await skippedSeatsOfAnnotators(tx, itemId);
        if (skipped.length === 0) throw new AppError("conflict", "Nobody of this campaign skipped this item");
        let changed = 0;
        for (const seat of skipped) if (await giveSeatBack(tx, itemId, seat, now)) changed++;
        if (changed === 0) throw new AppError("conflict", "This item has no open seat left to give back");
        return { changed };
      }
      case "reassign": {
        if (!(await annotatesCampaign(tx, campaign.id, action.userId)))
          throw new AppError(
            "invalid",
            "userId: this person does not annotate this campaign; add them to its annotators first",
          );
        const held = await seatOf(tx, campaign.id, action.userId, itemId);
        if (held && held.status !== "skipped")
          throw new AppError(
            "conflict",
            held.status === "submitted"
              ? "This annotator has already labelled this item"
              : "This annotator already holds this item",
          );
        if (held) {
          if (!(await giveSeatBack(tx, itemId, held.id, now)))
            throw new AppError("conflict", "This item has no open seat left");
          return { changed: 1 };
        }
        if (!(await leaseOpenSeatTo(tx, itemId, action.userId, now)))
          throw new AppError("conflict", "This item has no open seat left");
        return { changed: 1 };
      }
    }
  });
}
