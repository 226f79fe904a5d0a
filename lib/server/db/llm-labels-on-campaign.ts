import "server-only";
import { PREFERENCE_SCALE_ID } from "@/lib/domain/scales";
import { readRows } from "./sql-connection";

/** The study's LLM judges (kind "model"), by name. */
export async function llmJudgesOfStudy(studyId: number): Promise<{ id: number; name: string }[]> {
  const rows = await readRows<{ id: unknown; name: string }>(
    `SELECT "id", "name" FROM "Judge" WHERE "studyId" = ? AND "kind" = 'model'`,
    [studyId],
  );
  return rows
    .map((r) => ({ id: Number(r.id), name: r.name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * A judge's labels of a campaign's sampled items' targets (gold items left out), by target key,
 * with the scale each is on: read by key through the label index, one judge at a time.
 */
export async function judgeLevelsOnCampaign(
  judgeId: number,
  campaignId: number,
): Promise<Map<string, { value: string; scale: string }>> {
  const rows = await readRows<{ targetKey: string; value: string; scale: string }>(
    `SELECT l."targetKey" AS "targetKey", l."value" AS "value", l."scale" AS "scale"
       FROM "Item" i JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = i."targetKey"
      WHERE i."campaignId" = ? AND i."goldLevel" IS NULL`,
    [judgeId, campaignId],
  );
  return new Map(rows.map((r) => [r.targetKey, { value: r.value, scale: r.scale }]));
}

/** A judge's preference labels ("sp:<question>:<a>:<b>:<criterion>" → "a" | "b" | "none"), read from the label index. */
export async function judgePreferences(judgeId: number): Promise<Map<string, string>> {
  const rows = await readRows<{ targetKey: string; value: string }>(
    `SELECT "targetKey", "value" FROM "Label" WHERE "judgeId" = ? AND "scale" = ?`,
    [judgeId, PREFERENCE_SCALE_ID],
  );
  return new Map(rows.map((r) => [r.targetKey, r.value]));
}
