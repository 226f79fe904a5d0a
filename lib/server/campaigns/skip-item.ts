import "server-only";
import { withTransaction } from "../db/sql-connection";
import { AppError } from "../errors";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";
import { lockAnnotator, seatOf } from "./seats";

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
  return withTransaction(async (sql) => {
    await lockAnnotator(sql, campaign.id, user.id);
    const seat = await seatOf(sql, campaign.id, user.id, itemId);
    if (seat?.status === "skipped") return { skipped: true };
    if (seat?.status !== "leased")
      throw new AppError(
        "conflict",
        seat ? "This item is already labelled; it cannot be skipped" : "This item is not assigned to you",
      );
    await sql.query(
      `UPDATE "Assignment" SET "status" = 'skipped', "leaseExpiresAt" = NULL, "skippedAt" = ? WHERE "id" = ?`,
      [sql.timestamp(now), seat.id],
    );
    await sql.query(
      `INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status", "swapSides") SELECT "campaignId", "itemId", "position", 'open', "swapSides" FROM "Assignment" WHERE "id" = ?`,
      [seat.id],
    );
    return { skipped: true };
  });
}
