import "server-only";
import { LEASE_MS } from "@/lib/domain/campaigns/judgment";
import type { SqlConnection } from "../db/sql-connection";

/**
 * The seat SQL of the annotation hot path (see the Assignment model). Every write is one
 * conditional UPDATE; on PostgreSQL candidate rows are locked with SKIP LOCKED so concurrent
 * claimers take different seats, and one user's claims are serialized by an advisory lock; on
 * SQLite the transaction holds the write lock (BEGIN IMMEDIATE), which serializes all claims.
 */

const FREE_OPEN = `a."status" = 'open'`;
const FREE_EXPIRED = `a."status" = 'leased' AND a."leaseExpiresAt" < ?`;

/** Serializes one annotator's claims and saves in a campaign (PostgreSQL; SQLite already serializes writers). */
export async function lockAnnotator(sql: SqlConnection, campaignId: number, userId: number): Promise<void> {
  if (sql.dialect === "postgres") await sql.query("SELECT pg_advisory_xact_lock(?::int, ?::int)", [campaignId, userId]);
}

/**
 * Claims the next item for a user: their own open lease if they hold one (two tabs get the same
 * item), else the first free seat from where they last claimed, else from the start, else a seat
 * whose lease expired (unless `heldOnly`: a paused campaign). Returns the item id, or null when nothing is left for them.
 */
export async function claimNextSeat(
  sql: SqlConnection,
  campaignId: number,
  userId: number,
  now: Date,
  options: { heldOnly?: boolean } = {},
): Promise<number | null> {
  await lockAnnotator(sql, campaignId, userId);
  const until = sql.timestamp(new Date(now.getTime() + LEASE_MS));
  const [held] = await sql.query<{ id: number; itemId: number }>(
    `SELECT "id", "itemId" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ? AND "status" = 'leased' ORDER BY "position" LIMIT 1`,
    [campaignId, userId],
  );
  if (held) {
    await sql.query(`UPDATE "Assignment" SET "leaseExpiresAt" = ? WHERE "id" = ?`, [until, held.id]);
    return Number(held.itemId);
  }
  if (options.heldOnly) return null;
  const [last] = await sql.query<{ position: number | null }>(
    `SELECT MAX("position") AS "position" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ?`,
    [campaignId, userId],
  );
  const from = last?.position === null || last?.position === undefined ? 0 : Number(last.position);
  return (
    (await takeSeat(sql, { campaignId, userId, now, until, free: FREE_OPEN, fromPosition: from })) ??
    (from > 0 ? await takeSeat(sql, { campaignId, userId, now, until, free: FREE_OPEN, fromPosition: 0 }) : null) ??
    (await takeSeat(sql, { campaignId, userId, now, until, free: FREE_EXPIRED, fromPosition: 0 }))
  );
}

/** Takes a free seat of one given item for a user (a save after their lease was lost, or after a skip). */
export async function takeSeatOfItem(
  sql: SqlConnection,
  campaignId: number,
  userId: number,
  itemId: number,
  now: Date,
): Promise<boolean> {
  const until = sql.timestamp(new Date(now.getTime() + LEASE_MS));
  for (const free of [FREE_OPEN, FREE_EXPIRED]) {
    if ((await takeSeat(sql, { campaignId, userId, now, until, free, fromPosition: 0, itemId })) !== null) return true;
  }
  return false;
}

async function takeSeat(
  sql: SqlConnection,
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
export async function seatOf(
  sql: SqlConnection,
  campaignId: number,
  userId: number,
  itemId: number,
): Promise<Seat | null> {
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
  sql: SqlConnection,
  userId: number,
  scope: { campaignId: number } | { studyId: number },
): Promise<number> {
  const inScope =
    "campaignId" in scope ? `"campaignId" = ?` : `"campaignId" IN (SELECT "id" FROM "Campaign" WHERE "studyId" = ?)`;
  const released = await sql.query(
    `UPDATE "Assignment" SET "status" = 'open', "userId" = NULL, "leaseExpiresAt" = NULL, "claimedAt" = NULL
      WHERE "userId" = ? AND "status" = 'leased' AND ${inScope} RETURNING "id"`,
    [userId, "campaignId" in scope ? scope.campaignId : scope.studyId],
  );
  return released.length;
}
