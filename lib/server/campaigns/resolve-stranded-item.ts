import "server-only";
import { LEASE_MS } from "@/lib/domain/campaigns/judgment";
import type { StrandedAction } from "@/lib/schemas/campaign-admin";
import { withTransaction, type SqlConnection } from "../db/sql-connection";
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
  return withTransaction(async (sql) => {
    const [item] = await sql.query(`SELECT "id" FROM "Item" WHERE "id" = ? AND "campaignId" = ?`, [
      itemId,
      campaign.id,
    ]);
    if (!item) throw notFound("Item not found");
    const until = sql.timestamp(new Date(now.getTime() + LEASE_MS));
    switch (action.action) {
      case "close": {
        const closed = await sql.query(
          `UPDATE "Assignment" SET "status" = 'closed' WHERE "itemId" = ? AND "status" = 'open' RETURNING "id"`,
          [itemId],
        );
        if (closed.length === 0) throw new AppError("conflict", "This item has no open seat to close");
        return { changed: closed.length };
      }
      case "reopen": {
        const skipped = await sql.query<{ id: unknown }>(
          `SELECT a."id" AS "id" FROM "Assignment" a JOIN "CampaignAnnotator" ca ON ca."campaignId" = a."campaignId" AND ca."userId" = a."userId"
            WHERE a."itemId" = ? AND a."status" = 'skipped' ORDER BY a."id"`,
          [itemId],
        );
        if (skipped.length === 0) throw new AppError("conflict", "Nobody of this campaign skipped this item");
        let changed = 0;
        for (const seat of skipped)
          if (await giveBack(sql, itemId, Number(seat.id), until, sql.timestamp(now))) changed++;
        if (changed === 0) throw new AppError("conflict", "This item has no open seat left to give back");
        return { changed };
      }
      case "reassign": {
        const [annotator] = await sql.query(
          `SELECT 1 AS "ok" FROM "CampaignAnnotator" WHERE "campaignId" = ? AND "userId" = ?`,
          [campaign.id, action.userId],
        );
        if (!annotator)
          throw new AppError(
            "invalid",
            "userId: this person does not annotate this campaign; add them to its annotators first",
          );
        const [held] = await sql.query<{ id: unknown; status: string }>(
          `SELECT "id", "status" FROM "Assignment" WHERE "itemId" = ? AND "userId" = ?`,
          [itemId, action.userId],
        );
        if (held && held.status !== "skipped")
          throw new AppError(
            "conflict",
            held.status === "submitted"
              ? "This annotator has already labelled this item"
              : "This annotator already holds this item",
          );
        if (held) {
          if (!(await giveBack(sql, itemId, Number(held.id), until, sql.timestamp(now))))
            throw new AppError("conflict", "This item has no open seat left");
          return { changed: 1 };
        }
        const taken = await sql.query(
          `UPDATE "Assignment" SET "userId" = ?, "status" = 'leased', "leaseExpiresAt" = ?, "claimedAt" = ?
            WHERE "id" = (SELECT "id" FROM "Assignment" WHERE "itemId" = ? AND "status" = 'open' ORDER BY "id" LIMIT 1) RETURNING "id"`,
          [action.userId, until, sql.timestamp(now), itemId],
        );
        if (taken.length === 0) throw new AppError("conflict", "This item has no open seat left");
        return { changed: 1 };
      }
    }
  });
}

/** A skipped seat leased to its annotator again, in place of one of the item's open seats (so the overlap holds). */
async function giveBack(
  sql: SqlConnection,
  itemId: number,
  seatId: number,
  until: unknown,
  now: unknown,
): Promise<boolean> {
  const freed = await sql.query(
    `DELETE FROM "Assignment" WHERE "id" = (SELECT "id" FROM "Assignment" WHERE "itemId" = ? AND "status" = 'open' ORDER BY "id" LIMIT 1) RETURNING "id"`,
    [itemId],
  );
  if (freed.length === 0) return false;
  await sql.query(`UPDATE "Assignment" SET "status" = 'leased', "leaseExpiresAt" = ?, "claimedAt" = ? WHERE "id" = ?`, [
    until,
    now,
    seatId,
  ]);
  return true;
}
