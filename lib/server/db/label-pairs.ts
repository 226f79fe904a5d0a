import "server-only";
import type { PairCount } from "@/lib/domain/agreement/pair-count";
import { targetKindCounts, type TargetKindCount } from "@/lib/domain/targets";
import { readRows } from "./sql-connection";

export type LabelGroupKey = "none" | "query" | "nugget" | "criterion";

const GROUP_COLUMN: Record<LabelGroupKey, string> = {
  none: "NULL",
  query: 'a."queryId"',
  nugget: 'a."nuggetId"',
  criterion: 'a."criterion"',
};

/**
 * Two judges' labels joined on their target and counted by (group, A's value and scale, B's value
 * and scale): the database does it (an index on (judgeId, targetKey) serves the join), so a report
 * over 100,000 targets reads a few dozen rows.
 */
export async function countLabelPairs(judgeA: number, judgeB: number, group: LabelGroupKey): Promise<PairCount[]> {
  const rows = await readRows<{ g: unknown; av: string; asc: string; bv: string; bsc: string; n: unknown }>(
    `SELECT ${GROUP_COLUMN[group]} AS g, a."value" AS av, a."scale" AS asc, b."value" AS bv, b."scale" AS bsc, COUNT(*) AS n
       FROM "Label" a JOIN "Label" b ON b."judgeId" = ? AND b."targetKey" = a."targetKey"
      WHERE a."judgeId" = ? GROUP BY 1, 2, 3, 4, 5`,
    [judgeB, judgeA],
  );
  return rows.map((r) => ({
    group: r.g === null ? null : String(r.g),
    a: { value: r.av, scale: r.asc },
    b: { value: r.bv, scale: r.bsc },
    count: Number(r.n),
  }));
}

/**
 * The targets both judges labelled, counted by kind (their keys' prefix, TARGET_PREFIX): what a
 * report that pools several kinds says it pooled.
 */
export async function countTargetKinds(judgeA: number, judgeB: number): Promise<TargetKindCount[]> {
  const rows = await readRows<{ p: string; n: unknown }>(
    `SELECT CASE WHEN substr(a."targetKey", 2, 1) = ':' THEN substr(a."targetKey", 1, 2) ELSE substr(a."targetKey", 1, 3) END AS p, COUNT(*) AS n
       FROM "Label" a JOIN "Label" b ON b."judgeId" = ? AND b."targetKey" = a."targetKey"
      WHERE a."judgeId" = ? GROUP BY 1`,
    [judgeB, judgeA],
  );
  return targetKindCounts(rows.map((r) => [r.p, Number(r.n)]));
}

/**
 * As countLabelPairs, grouped by the length in characters of the pair's chunk (pairs without a
 * chunk are left out): what the agreement-by-length diagnostic reads.
 */
export async function countLabelPairsByChunkLength(judgeA: number, judgeB: number): Promise<PairCount[]> {
  const rows = await readRows<{ g: unknown; av: string; asc: string; bv: string; bsc: string; n: unknown }>(
    `SELECT LENGTH(d."text") AS g, a."value" AS av, a."scale" AS asc, b."value" AS bv, b."scale" AS bsc, COUNT(*) AS n
       FROM "Label" a JOIN "Label" b ON b."judgeId" = ? AND b."targetKey" = a."targetKey"
       JOIN "Document" d ON d."id" = a."documentId"
      WHERE a."judgeId" = ? GROUP BY 1, 2, 3, 4, 5`,
    [judgeB, judgeA],
  );
  return rows.map((r) => ({
    group: String(r.g),
    a: { value: r.av, scale: r.asc },
    b: { value: r.bv, scale: r.bsc },
    count: Number(r.n),
  }));
}
