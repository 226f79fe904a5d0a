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

/** A target key's kind as SQL reads it: its prefix up to the first colon (TARGET_PREFIX's are 2 or 3 characters). */
const KEY_PREFIX = `CASE WHEN substr(a."targetKey", 2, 1) = ':' THEN substr(a."targetKey", 1, 2) ELSE substr(a."targetKey", 1, 3) END`;

/**
 * Two judges' labels joined on their target and counted by (group, A's value and scale, B's value
 * and scale): the database does it (an index on (judgeId, targetKey) serves the join), so a report
 * over 100,000 targets reads a few dozen rows. The same join counts the targets by kind (their
 * keys' prefix), so a report that pools several kinds can say so.
 */
export async function countLabelPairs(
  judgeA: number,
  judgeB: number,
  group: LabelGroupKey,
): Promise<{ rows: PairCount[]; targetKinds: TargetKindCount[] }> {
  const counted = await readRows<{
    g: unknown;
    av: string;
    asc: string;
    bv: string;
    bsc: string;
    p: string;
    n: unknown;
  }>(
    `SELECT ${GROUP_COLUMN[group]} AS g, a."value" AS av, a."scale" AS asc, b."value" AS bv, b."scale" AS bsc, ${KEY_PREFIX} AS p, COUNT(*) AS n
       FROM "Label" a JOIN "Label" b ON b."judgeId" = ? AND b."targetKey" = a."targetKey"
      WHERE a."judgeId" = ? GROUP BY 1, 2, 3, 4, 5, 6`,
    [judgeB, judgeA],
  );
  const rows = new Map<string, PairCount>();
  for (const r of counted) {
    const group = r.g === null ? null : String(r.g);
    const id = JSON.stringify([group, r.av, r.asc, r.bv, r.bsc]);
    const row = rows.get(id) ?? { group, a: { value: r.av, scale: r.asc }, b: { value: r.bv, scale: r.bsc }, count: 0 };
    row.count += Number(r.n);
    rows.set(id, row);
  }
  return { rows: [...rows.values()], targetKinds: targetKindCounts(counted.map((r) => [r.p, Number(r.n)])) };
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
