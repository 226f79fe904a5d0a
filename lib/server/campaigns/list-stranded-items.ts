import "server-only";
import type { StrandedItem } from "@/lib/schemas/campaign-admin";
import { readRows } from "../db/sql-connection";
import type { CampaignRecord } from "./campaign-access";

const SHOWN = 200;

/**
 * Items with open seats that no annotator of the campaign can take: every annotator who is still
 * a member of the study already holds, labelled or skipped a seat of the item (with overlap 2 and
 * two annotators, an item one of them skipped). Without the researcher they would stay in progress
 * forever. The first 200, in campaign order, with who labelled and who skipped each.
 */
export async function listStrandedItems(campaign: CampaignRecord): Promise<StrandedItem[]> {
  const rows = await readRows<{ itemId: unknown; position: unknown; open: unknown; query: string | null; nugget: string | null; doc: string | null }>(
    `SELECT a."itemId" AS "itemId", i."position" AS "position", COUNT(*) AS "open", q."externalId" AS "query", n."externalId" AS "nugget", d."externalId" AS "doc"
       FROM "Assignment" a JOIN "Item" i ON i."id" = a."itemId"
       LEFT JOIN "Query" q ON q."id" = i."queryId" LEFT JOIN "Nugget" n ON n."id" = i."nuggetId" LEFT JOIN "Document" d ON d."id" = i."documentId"
      WHERE a."campaignId" = ? AND a."status" = 'open'
        AND NOT EXISTS (
          SELECT 1 FROM "CampaignAnnotator" ca JOIN "StudyMember" m ON m."userId" = ca."userId" AND m."studyId" = ?
           WHERE ca."campaignId" = a."campaignId"
             AND NOT EXISTS (SELECT 1 FROM "Assignment" b WHERE b."itemId" = a."itemId" AND b."userId" = ca."userId"))
      GROUP BY a."itemId", i."position", q."externalId", n."externalId", d."externalId"
      ORDER BY i."position" LIMIT ?`,
    [campaign.id, campaign.studyId, SHOWN],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.itemId));
  const seats = await readRows<{ itemId: unknown; status: string; email: string }>(
    `SELECT a."itemId" AS "itemId", a."status" AS "status", u."email" AS "email" FROM "Assignment" a JOIN "User" u ON u."id" = a."userId"
      WHERE a."itemId" IN (${ids.map(() => "?").join(", ")}) ORDER BY u."email"`,
    ids,
  );
  const who = (itemId: number, status: string) => seats.filter((s) => Number(s.itemId) === itemId && s.status === status).map((s) => s.email);
  return rows.map((r) => {
    const itemId = Number(r.itemId);
    return {
      itemId,
      position: Number(r.position),
      target: [r.query && `question ${r.query}`, r.nugget && `nugget ${r.nugget}`, r.doc && `chunk ${r.doc}`].filter(Boolean).join(" · "),
      openSeats: Number(r.open),
      labelledBy: who(itemId, "submitted"),
      skippedBy: who(itemId, "skipped"),
    };
  });
}
