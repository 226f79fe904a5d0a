import "server-only";
import { claimNextSeat } from "../db/assignments";
import { withLeaseTransaction } from "../db/transactions";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";

/**
 * Claims the annotator's next item in a campaign (see claimNextSeat); null when none is left for them.
 * A paused campaign hands out nothing new, only the item the annotator already holds; a closed one nothing.
 */
export async function claimNextItem(
  user: UserDto,
  campaignId: number,
  now = new Date(),
): Promise<{ itemId: number | null }> {
  const campaign = await annotatorCampaign(user, campaignId);
  if (campaign.status !== "active" && campaign.status !== "paused") return { itemId: null };
  return {
    itemId: await withLeaseTransaction((tx) =>
      claimNextSeat(tx, campaign.id, user.id, now, { heldOnly: campaign.status === "paused" }),
    ),
  };
}
