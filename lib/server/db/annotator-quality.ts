import "server-only";
import { levelOfPayload } from "@/lib/domain/campaigns/judgment";
import type { QualitySave } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { perNuggetOf } from "./annotations";
import { nullableId } from "./ids";
import { readRows } from "./sql-connection";

/**
 * Every save of a level in a campaign, gold items' included, by annotator email and target key, in
 * save order. A nugget assignment's save is one per nugget of its answer ("na:<nugget>:<system>",
 * as the campaign's label sets read it), in the order it lists them, the seconds on screen shared
 * equally among them.
 */
export async function qualitySaves(campaignId: number): Promise<QualitySave[]> {
  const rows = await readRows<{
    id: unknown;
    email: string;
    targetKey: string;
    queryId: unknown;
    nuggetId: unknown;
    userId: unknown;
    phase: string;
    payload: string;
    durationMs: unknown;
    startedAt: unknown;
  }>(
    `SELECT a."id" AS "id", u."email" AS "email", i."targetKey" AS "targetKey", i."queryId" AS "queryId",
            i."nuggetId" AS "nuggetId", a."userId" AS "userId", a."phase" AS "phase", a."payload" AS "payload",
            a."durationMs" AS "durationMs", a."startedAt" AS "startedAt"
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" JOIN "User" u ON u."id" = a."userId"
      WHERE i."campaignId" = ? ORDER BY a."id"`,
    [campaignId],
  );
  const saves = await perNuggetOf(
    campaignId,
    rows.map((r) => ({
      ...r,
      queryId: nullableId(r.queryId),
      nuggetId: nullableId(r.nuggetId),
      userId: Number(r.userId),
    })),
  );
  // how many units each save became, and each unit's place among them
  const unitsOf = new Map<number, number>();
  for (const s of saves) unitsOf.set(Number(s.id), (unitsOf.get(Number(s.id)) ?? 0) + 1);
  const seen = new Map<number, number>();
  return saves.flatMap((r) => {
    const level = levelOfPayload(r.payload);
    const position = seen.get(Number(r.id)) ?? 0;
    seen.set(Number(r.id), position + 1);
    return level === null
      ? []
      : [
          {
            annotator: r.email,
            item: r.targetKey,
            phase: r.phase,
            level,
            durationMs: Number(r.durationMs) / unitsOf.get(Number(r.id))!,
            startedAt: new Date(r.startedAt as string | number | Date).getTime(),
            position,
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
