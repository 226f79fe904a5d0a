import "server-only";
import { LEASE_MS } from "@/lib/domain/campaigns/judgment";
import { chunksOf, placeholders } from "./lists";
import { sqlOf, type Tx } from "./sql-connection";

/**
 * The seats (Assignment rows) of campaigns, and the SQL of the annotation hot path. Every write is one
 * conditional UPDATE; on PostgreSQL candidate rows are locked with SKIP LOCKED so concurrent
 * claimers take different seats, and one user's claims are serialized by an advisory lock; on
 * SQLite the transaction holds the write lock (BEGIN IMMEDIATE), which serializes all claims.
 */

const FREE_OPEN = `a."status" = 'open'`;
const FREE_EXPIRED = `a."status" = 'leased' AND a."leaseExpiresAt" < ?`;

/** Serializes one annotator's claims and saves in a campaign (PostgreSQL; SQLite already serializes writers). */
export async function lockAnnotator(tx: Tx, campaignId: number, userId: number): Promise<void> {
  const sql = sqlOf(tx);
  if (sql.dialect === "postgres") await sql.query("SELECT pg_advisory_xact_lock(?::int, ?::int)", [campaignId, userId]);
}

/**
 * Claims the next item for a user: their own open lease if they hold one (two tabs get the same
 * item), else the first free seat from where they last claimed, else from the start, else a seat
 * whose lease expired (unless `heldOnly`: a paused campaign). Returns the item id, or null when nothing is left for them.
 */
export async function claimNextSeat(
  tx: Tx,
  campaignId: number,
  userId: number,
  now: Date,
  options: { heldOnly?: boolean } = {},
): Promise<number | null> {
  const sql = sqlOf(tx);
  await lockAnnotator(tx, campaignId, userId);
  const until = sql.timestamp(new Date(now.getTime() + LEASE_MS));
  // one statement for both questions (a claim is mostly "no lease held, take the next seat"), each
  // answered from its own index, so a claim costs the same after 10,000 labels as after one (the
  // unary + keeps SQLite from walking every seat of the user in position order to find a lease)
  const [seats] = await sql.query<{ held: number | null; last: number | null }>(
    `SELECT (SELECT "position" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ? AND "status" = 'leased' ORDER BY +"position" LIMIT 1) AS "held",
            (SELECT MAX("position") FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ?) AS "last"`,
    [campaignId, userId, campaignId, userId],
  );
  if (seats?.held !== null && seats?.held !== undefined) {
    const [held] = await sql.query<{ itemId: number }>(
      `UPDATE "Assignment" SET "leaseExpiresAt" = ? WHERE "id" = (
         SELECT "id" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ? AND "status" = 'leased' ORDER BY +"position" LIMIT 1)
       RETURNING "itemId"`,
      [until, campaignId, userId],
    );
    if (held) return Number(held.itemId);
  }
  if (options.heldOnly) return null;
  const from = seats?.last === null || seats?.last === undefined ? 0 : Number(seats.last);
  return (
    (await takeSeat(tx, { campaignId, userId, now, until, free: FREE_OPEN, fromPosition: from })) ??
    (from > 0 ? await takeSeat(tx, { campaignId, userId, now, until, free: FREE_OPEN, fromPosition: 0 }) : null) ??
    (await takeSeat(tx, { campaignId, userId, now, until, free: FREE_EXPIRED, fromPosition: 0 }))
  );
}

/** Takes a free seat of one given item for a user (a save after their lease was lost, or after a skip). */
export async function takeSeatOfItem(
  tx: Tx,
  campaignId: number,
  userId: number,
  itemId: number,
  now: Date,
): Promise<boolean> {
  const sql = sqlOf(tx);
  const until = sql.timestamp(new Date(now.getTime() + LEASE_MS));
  for (const free of [FREE_OPEN, FREE_EXPIRED]) {
    if ((await takeSeat(tx, { campaignId, userId, now, until, free, fromPosition: 0, itemId })) !== null) return true;
  }
  return false;
}

async function takeSeat(
  tx: Tx,
  o: {
    campaignId: number;
    userId: number;
    now: Date;
    until: unknown;
    free: string;
    fromPosition: number;
    itemId?: number;
  },
): Promise<number | null> {
  const sql = sqlOf(tx);
  const expired = o.free === FREE_EXPIRED ? [sql.timestamp(o.now)] : [];
  const lock = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const item = o.itemId === undefined ? "" : ` AND a."itemId" = ?`;
  const rows = await sql.query<{ itemId: number }>(
    `UPDATE "Assignment" SET "userId" = ?, "status" = 'leased', "leaseExpiresAt" = ?, "claimedAt" = ?
     WHERE "id" = (
       SELECT a."id" FROM "Assignment" a
       WHERE a."campaignId" = ? AND ${o.free} AND a."position" >= ?${item}
         AND NOT EXISTS (SELECT 1 FROM "Assignment" b WHERE b."itemId" = a."itemId" AND b."userId" = ?)
       ORDER BY a."position" LIMIT 1${lock})
     RETURNING "itemId"`,
    [
      o.userId,
      o.until,
      sql.timestamp(o.now),
      o.campaignId,
      ...expired,
      o.fromPosition,
      ...(o.itemId === undefined ? [] : [o.itemId]),
      o.userId,
    ],
  );
  return rows[0] ? Number(rows[0].itemId) : null;
}

export type Seat = { id: number; status: "leased" | "submitted" | "skipped" };

/** The user's seat on an item of a campaign, if they hold one. */
export async function seatOf(tx: Tx, campaignId: number, userId: number, itemId: number): Promise<Seat | null> {
  const sql = sqlOf(tx);
  const [row] = await sql.query<{ id: number; status: Seat["status"] }>(
    `SELECT "id", "status" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ? AND "itemId" = ?`,
    [campaignId, userId, itemId],
  );
  return row ? { id: Number(row.id), status: row.status } : null;
}

/**
 * Gives the seats a user holds but has not labelled back to the others (open again), in one
 * campaign or in every campaign of a study: when they leave the campaign or the study. Returns how many.
 */
export async function releaseHeldSeats(
  tx: Tx,
  userId: number,
  scope: { campaignId: number } | { studyId: number },
): Promise<number> {
  const sql = sqlOf(tx);
  const inScope =
    "campaignId" in scope ? `"campaignId" = ?` : `"campaignId" IN (SELECT "id" FROM "Campaign" WHERE "studyId" = ?)`;
  const released = await sql.query(
    `UPDATE "Assignment" SET "status" = 'open', "userId" = NULL, "leaseExpiresAt" = NULL, "claimedAt" = NULL
      WHERE "userId" = ? AND "status" = 'leased' AND ${inScope} RETURNING "id"`,
    [userId, "campaignId" in scope ? scope.campaignId : scope.studyId],
  );
  return released.length;
}

/** Records a skip: the seat stays, skipped, as the record that this annotator passed on the item. */
export async function markSkipped(tx: Tx, seatId: number, now: Date): Promise<void> {
  const sql = sqlOf(tx);
  await sql.query(
    `UPDATE "Assignment" SET "status" = 'skipped', "leaseExpiresAt" = NULL, "skippedAt" = ? WHERE "id" = ?`,
    [sql.timestamp(now), seatId],
  );
}

/** A new open seat in place of a skipped one (same item, position and sides), so the item keeps its overlap. */
export async function replaceSeat(tx: Tx, seatId: number): Promise<void> {
  await sqlOf(tx).query(
    `INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status", "swapSides") SELECT "campaignId", "itemId", "position", 'open', "swapSides" FROM "Assignment" WHERE "id" = ?`,
    [seatId],
  );
}

/** The annotator's seat on the item, submitted (the first submission time kept). */
export async function markSubmitted(tx: Tx, campaignId: number, itemId: number, userId: number, now: Date) {
  const sql = sqlOf(tx);
  await sql.query(
    `UPDATE "Assignment" SET "status" = 'submitted', "leaseExpiresAt" = NULL, "submittedAt" = COALESCE("submittedAt", ?) WHERE "campaignId" = ? AND "itemId" = ? AND "userId" = ?`,
    [sql.timestamp(now), campaignId, itemId, userId],
  );
}

/**
 * Removes one of the item's open seats (the oldest), for a skipped annotator who takes the item
 * back, so the overlap holds; false when none is free. SKIP LOCKED on PostgreSQL.
 */
export async function takeOpenSeatAway(tx: Tx, itemId: number): Promise<boolean> {
  const sql = sqlOf(tx);
  const lock = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const freed = await sql.query(
    `DELETE FROM "Assignment" WHERE "id" = (SELECT a."id" FROM "Assignment" a WHERE a."itemId" = ? AND a."userId" IS NULL AND a."status" = 'open' ORDER BY a."id" LIMIT 1${lock}) RETURNING "id"`,
    [itemId],
  );
  return freed.length === 1;
}

/** `overlap` open seats for every item of a new campaign. */
export async function openSeats(tx: Tx, campaignId: number, overlap: number): Promise<void> {
  await sqlOf(tx).query(
    `INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status")
     WITH RECURSIVE "seat"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seat" WHERE "n" < ?)
     SELECT i."campaignId", i."id", i."position", 'open' FROM "Item" i JOIN "seat" s ON TRUE WHERE i."campaignId" = ?`,
    [overlap, campaignId],
  );
}

/** Every seat of a campaign with its item's position, in position order. */
export async function seatPositions(tx: Tx, campaignId: number): Promise<{ id: number; position: number }[]> {
  const rows = await sqlOf(tx).query<{ id: unknown; position: unknown }>(
    `SELECT "id", "position" FROM "Assignment" WHERE "campaignId" = ? ORDER BY "position", "id"`,
    [campaignId],
  );
  return rows.map((r) => ({ id: Number(r.id), position: Number(r.position) }));
}

/** These seats show system B on the left. */
export async function swapSides(tx: Tx, seatIds: readonly number[]): Promise<void> {
  for (const chunk of chunksOf(seatIds))
    await sqlOf(tx).query(`UPDATE "Assignment" SET "swapSides" = TRUE WHERE "id" IN (${placeholders(chunk)})`, chunk);
}

/** Closes an item's open seats: it counts as done with the labels it has. Returns how many. */
export async function closeOpenSeats(tx: Tx, itemId: number): Promise<number> {
  const closed = await sqlOf(tx).query(
    `UPDATE "Assignment" SET "status" = 'closed' WHERE "itemId" = ? AND "status" = 'open' RETURNING "id"`,
    [itemId],
  );
  return closed.length;
}

/** The seats of an item skipped by someone who still annotates its campaign, oldest first. */
export async function skippedSeatsOfAnnotators(tx: Tx, itemId: number): Promise<number[]> {
  const rows = await sqlOf(tx).query<{ id: unknown }>(
    `SELECT a."id" AS "id" FROM "Assignment" a JOIN "CampaignAnnotator" ca ON ca."campaignId" = a."campaignId" AND ca."userId" = a."userId"
      WHERE a."itemId" = ? AND a."status" = 'skipped' ORDER BY a."id"`,
    [itemId],
  );
  return rows.map((r) => Number(r.id));
}

/** A skipped seat leased to its annotator again, in place of one of the item's open seats (so the overlap holds). */
export async function giveSeatBack(tx: Tx, itemId: number, seatId: number, now: Date): Promise<boolean> {
  if (!(await takeOpenSeatAway(tx, itemId))) return false;
  const sql = sqlOf(tx);
  await sql.query(`UPDATE "Assignment" SET "status" = 'leased', "leaseExpiresAt" = ?, "claimedAt" = ? WHERE "id" = ?`, [
    sql.timestamp(new Date(now.getTime() + LEASE_MS)),
    sql.timestamp(now),
    seatId,
  ]);
  return true;
}

/** One of the item's open seats leased to a user; false when none is open. */
export async function leaseOpenSeatTo(tx: Tx, itemId: number, userId: number, now: Date): Promise<boolean> {
  const sql = sqlOf(tx);
  const taken = await sql.query(
    `UPDATE "Assignment" SET "userId" = ?, "status" = 'leased', "leaseExpiresAt" = ?, "claimedAt" = ?
      WHERE "id" = (SELECT "id" FROM "Assignment" WHERE "itemId" = ? AND "status" = 'open' ORDER BY "id" LIMIT 1) RETURNING "id"`,
    [userId, sql.timestamp(new Date(now.getTime() + LEASE_MS)), sql.timestamp(now), itemId],
  );
  return taken.length === 1;
}

/** Deletes the open seats that no one holds of these items (a study bundle's import puts its own in their place). */
export async function deleteFreeSeats(tx: Tx, itemIds: readonly number[]): Promise<void> {
  for (const chunk of chunksOf(itemIds))
    await sqlOf(tx).query(
      `DELETE FROM "Assignment" WHERE "status" = 'open' AND "userId" IS NULL AND "itemId" IN (${placeholders(chunk)})`,
      chunk,
    );
}
