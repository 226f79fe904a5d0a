import "server-only";
import type { StrandedItem } from "@/lib/schemas/campaign-admin";
import { placeholders } from "./lists";
import { readRows } from "./sql-connection";

const SHOWN = 200;

/**
 * Items with open seats that no annotator of the campaign can take: every annotator who is still
 * a member of the study already holds, labelled or skipped a seat of the item (with overlap 2 and
 * two annotators, an item one of them skipped). Without the researcher they would stay in progress
 * forever. The first 200, in campaign order, with who labelled and who skipped each.
 */
export async function listStrandedItems(campaign: { id: number; studyId: number }): Promise<StrandedItem[]> {
  const [{ active } = { active: 0 }] = await readRows<{ active: unknown }>(
    `SELECT COUNT(*) AS "active" FROM "CampaignAnnotator" ca JOIN "StudyMember" m ON m."userId" = ca."userId" AND m."studyId" = ? WHERE ca."campaignId" = ?`,
    [campaign.studyId, campaign.id],
  );
  // Driven by the seats the annotators hold (work done), not by every open seat, so a large, mostly
  // untouched campaign costs little. (itemId, userId) is unique: a count of seats per item is a count of people.
  // With no annotator left, every item with an open seat is stranded.
  const items =
    Number(active) === 0
      ? `SELECT DISTINCT "itemId" FROM "Assignment" WHERE "campaignId" = ? AND "status" = 'open'`
      : `SELECT a."itemId" FROM "Assignment" a
           JOIN "CampaignAnnotator" ca ON ca."campaignId" = a."campaignId" AND ca."userId" = a."userId"
           JOIN "StudyMember" m ON m."userId" = a."userId" AND m."studyId" = ?
          WHERE a."campaignId" = ? GROUP BY a."itemId" HAVING COUNT(*) >= ${Number(active)}`;
  const rows = await readRows<{
    itemId: unknown;
    position: unknown;
    open: unknown;
    query: string | null;
    nugget: string | null;
    doc: string | null;
  }>(
    `SELECT i."id" AS "itemId", i."position" AS "position", COUNT(o."id") AS "open", q."externalId" AS "query", n."externalId" AS "nugget", d."externalId" AS "doc"
       FROM (${items}) s JOIN "Item" i ON i."id" = s."itemId"
       JOIN "Assignment" o ON o."itemId" = i."id" AND o."status" = 'open'
       LEFT JOIN "Query" q ON q."id" = i."queryId" LEFT JOIN "Nugget" n ON n."id" = i."nuggetId" LEFT JOIN "Document" d ON d."id" = i."documentId"
      GROUP BY i."id", i."position", q."externalId", n."externalId", d."externalId"
      ORDER BY i."position" LIMIT ?`,
    Number(active) === 0 ? [campaign.id, SHOWN] : [campaign.studyId, campaign.id, SHOWN],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.itemId));
  const seats = await readRows<{ itemId: unknown; status: string; email: string }>(
    `SELECT a."itemId" AS "itemId", a."status" AS "status", u."email" AS "email" FROM "Assignment" a JOIN "User" u ON u."id" = a."userId"
      WHERE a."itemId" IN (${placeholders(ids)}) ORDER BY u."email"`,
    ids,
  );
  const who = (itemId: number, status: string) =>
    seats.filter((s) => Number(s.itemId) === itemId && s.status === status).map((s) => s.email);
  return rows.map((r) => {
    const itemId = Number(r.itemId);
    return {
      itemId,
      position: Number(r.position),
      target: [r.query && `question ${r.query}`, r.nugget && `nugget ${r.nugget}`, r.doc && `chunk ${r.doc}`]
        .filter(Boolean)
        .join(" · "),
      openSeats: Number(r.open),
      labelledBy: who(itemId, "submitted"),
      skippedBy: who(itemId, "skipped"),
    };
  });
}
