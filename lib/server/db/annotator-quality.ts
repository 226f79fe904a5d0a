import "server-only";
import { levelOfPayload } from "@/lib/domain/campaigns/judgment";
import type { QualitySave } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { readRows } from "./sql-connection";

/** Every save of a level in a campaign, gold items' included, by annotator email and target key, in save order. */
export async function qualitySaves(campaignId: number): Promise<QualitySave[]> {
  const rows = await readRows<{
    email: string;
    item: string;
    phase: string;
    payload: string;
    durationMs: unknown;
    startedAt: unknown;
  }>(
    `SELECT u."email" AS "email", i."targetKey" AS "item", a."phase" AS "phase", a."payload" AS "payload",
            a."durationMs" AS "durationMs", a."startedAt" AS "startedAt"
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" JOIN "User" u ON u."id" = a."userId"
      WHERE i."campaignId" = ? ORDER BY a."id"`,
    [campaignId],
  );
  return rows.flatMap((r) => {
    const level = levelOfPayload(r.payload);
    return level === null
      ? []
      : [
          {
            annotator: r.email,
            item: r.item,
            phase: r.phase,
            level,
            durationMs: Number(r.durationMs),
            startedAt: new Date(r.startedAt as string | number | Date).getTime(),
          },
        ];
  });
}

/** How many items each annotator of a campaign skipped (seats with a skip time), by email. */
export async function skipsByAnnotator(campaignId: number): Promise<Map<string, number>> {
  const rows = await readRows<{ email: string; n: unknown }>(
    `SELECT u."email" AS "email", COUNT(*) AS "n" FROM "Assignment" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."campaignId" = ? AND s."skippedAt" IS NOT NULL GROUP BY u."email"`,
    [campaignId],
  );
  return new Map(rows.map((r) => [r.email, Number(r.n)]));
}

/** A campaign's gold items' known answers, by target key. */
export async function goldAnswers(campaignId: number): Promise<Map<string, string>> {
  const rows = await readRows<{ targetKey: string; goldLevel: string }>(
    `SELECT "targetKey", "goldLevel" FROM "Item" WHERE "campaignId" = ? AND "goldLevel" IS NOT NULL`,
    [campaignId],
  );
  return new Map(rows.map((r) => [r.targetKey, r.goldLevel]));
}
