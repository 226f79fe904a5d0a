import "server-only";
import { readRows } from "./sql-connection";

/** A campaign's items: in all, complete (no seat open or held) and untouched (no seat taken or closed). */
export async function itemCompletion(
  campaignId: number,
): Promise<{ total: number; complete: number; untouched: number }> {
  const [row] = await readRows<{ total: unknown; complete: unknown; untouched: unknown }>(
    `SELECT COUNT(*) AS "total", SUM(CASE WHEN t."pending" = 0 THEN 1 ELSE 0 END) AS "complete", SUM(CASE WHEN t."touched" = 0 THEN 1 ELSE 0 END) AS "untouched"
         FROM (SELECT "itemId", SUM(CASE WHEN "status" IN ('open', 'leased') THEN 1 ELSE 0 END) AS "pending",
                      SUM(CASE WHEN "userId" IS NOT NULL OR "status" = 'closed' THEN 1 ELSE 0 END) AS "touched"
                 FROM "Assignment" WHERE "campaignId" = ? GROUP BY "itemId") t`,
    [campaignId],
  );
  return {
    total: Number(row?.total ?? 0),
    complete: Number(row?.complete ?? 0),
    untouched: Number(row?.untouched ?? 0),
  };
}
