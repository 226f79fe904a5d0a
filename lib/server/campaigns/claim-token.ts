import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getDb } from "../db/client";

/**
 * Proof that an annotator held a seat of an item: an HMAC of the item and the user under the
 * campaign's own key (made on first use, kept in the database, so every server process agrees).
 * The item view gives it to the annotator who holds a seat; a save sends it back, so that a label
 * whose seat has since passed to someone else can still take a free seat of that item (the
 * expired-lease recovery), while an item the annotator never held takes no label at all.
 */
export async function claimTokenOf(campaignId: number, itemId: number, userId: number): Promise<string> {
  return sign(await claimKeyOf(campaignId), itemId, userId);
}

/** Whether `token` proves that this user held a seat of this item. */
export async function heldClaim(
  campaignId: number,
  itemId: number,
  userId: number,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const expected = Buffer.from(sign(await claimKeyOf(campaignId), itemId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const sign = (key: string, itemId: number, userId: number) =>
  createHmac("sha256", key).update(`${itemId}:${userId}`).digest("base64url");

/** Campaigns' keys this process has read: a key never changes once made, so a save costs no read. */
const known = new Map<number, string>();

async function claimKeyOf(campaignId: number): Promise<string> {
  const cached = known.get(campaignId);
  if (cached) return cached;
  const db = await getDb();
  const read = () => db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { claimKey: true } });
  let { claimKey } = await read();
  if (!claimKey) {
    // two processes making it at once: the first write wins, and both read it back
    await db.campaign.updateMany({
      where: { id: campaignId, claimKey: null },
      data: { claimKey: randomBytes(32).toString("base64url") },
    });
    claimKey = (await read()).claimKey!;
  }
  known.set(campaignId, claimKey);
  return claimKey;
}
