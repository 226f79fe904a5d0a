import "server-only";
import { levelOfPayload } from "@/lib/domain/campaigns/judgment";
import { databaseUrl, providerOf } from "./database-url.mjs";
import { readRows } from "./sql-connection";

/** Items of a campaign that got the same labels from the same annotators and the same LLM label, counted. */
export type LabelProfile = {
  labels: { userId: number; level: string }[];
  llm: { value: string; scale: string } | null;
  items: number;
};

/**
 * A campaign's sampled items (not its gold ones) grouped by what they got: each annotator's label in `phase` and the LLM's
 * label. The database does the grouping (one pass over the items, their labels and the LLM's), so
 * a campaign of 100,000 labels reads a few dozen rows.
 */
export async function labelProfiles(
  campaignId: number,
  phase: string,
  llmJudgeId: number | null,
): Promise<LabelProfile[]> {
  const postgres = providerOf(databaseUrl()) === "postgres";
  const labels = `CAST(a."userId" AS TEXT) || ' ' || a."payload"`; // JSON payloads never hold a raw newline
  const rows = await readRows<{ p: string; lv: string | null; ls: string | null; n: unknown }>(
    `SELECT t.p AS p, t.lv AS lv, t.ls AS ls, COUNT(*) AS n FROM (
       SELECT ${postgres ? `string_agg(${labels}, chr(10))` : `group_concat(${labels}, char(10))`} AS p, l."value" AS lv, l."scale" AS ls
         FROM "Item" i JOIN "Annotation" a ON a."itemId" = i."id"
         LEFT JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = i."targetKey"
        WHERE i."campaignId" = ? AND a."phase" = ? AND i."goldLevel" IS NULL
        GROUP BY i."id", l."value", l."scale") t
      GROUP BY t.p, t.lv, t.ls`,
    [llmJudgeId ?? -1, campaignId, phase],
  );
  return rows.map((row) => ({
    labels: row.p.split("\n").map((entry) => {
      const space = entry.indexOf(" ");
      return { userId: Number(entry.slice(0, space)), level: levelOfPayload(entry.slice(space + 1)) ?? "" };
    }),
    llm: row.lv === null || row.ls === null ? null : { value: row.lv, scale: row.ls },
    items: Number(row.n),
  }));
}
