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

type CountedPair = {
  g: unknown;
  len: unknown;
  av: string;
  asc: string;
  bv: string;
  bsc: string;
  p: string;
  n: unknown;
};

/**
 * Two judges' labels joined on their target and counted by (group, A's value and scale, B's value
 * and scale): the database does it (an index on (judgeId, targetKey) serves the join), so a report
 * over 100,000 targets reads a few dozen rows. The same join counts the targets by kind (their
 * keys' prefix), so a report that pools several kinds can say so, and, `byChunkLength`, the pairs
 * by the length in characters of their chunk (pairs without a chunk left out): what the
 * agreement-by-length diagnostic reads. Ungrouped, both come from one join grouped by length too
 * (half the time of two at 500,000 pairs); grouped by question, nugget or criterion, the lengths
 * are a second join, since grouping by both would return a row per group and length.
 */
export async function countLabelPairs(
  judgeA: number,
  judgeB: number,
  group: LabelGroupKey,
  byChunkLength = false,
): Promise<{ rows: PairCount[]; targetKinds: TargetKindCount[]; lengthRows: PairCount[] | null }> {
  const withLength = byChunkLength && group === "none";
  const counted = await readRows<CountedPair>(
    `SELECT ${GROUP_COLUMN[group]} AS g, ${withLength ? 'LENGTH(d."text")' : "NULL"} AS len, a."value" AS av, a."scale" AS asc,
            b."value" AS bv, b."scale" AS bsc, ${KEY_PREFIX} AS p, COUNT(*) AS n
       FROM "Label" a JOIN "Label" b ON b."judgeId" = ? AND b."targetKey" = a."targetKey"
       ${withLength ? 'LEFT JOIN "Document" d ON d."id" = a."documentId"' : ""}
      WHERE a."judgeId" = ? GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    [judgeB, judgeA],
  );
  return {
    rows: summed(counted, (r) => (r.g === null ? null : String(r.g))),
    targetKinds: targetKindCounts(counted.map((r) => [r.p, Number(r.n)])),
    lengthRows: withLength
      ? summed(
          counted.filter((r) => r.len !== null),
          (r) => String(r.len),
        )
      : byChunkLength
        ? await countLabelPairsByChunkLength(judgeA, judgeB)
        : null,
  };
}

/** Counted pairs summed by (group, A's value and scale, B's value and scale), the group as `groupOf` reads it. */
function summed(counted: readonly CountedPair[], groupOf: (r: CountedPair) => string | null): PairCount[] {
  const rows = new Map<string, PairCount>();
  for (const r of counted) {
    const group = groupOf(r);
    const id = JSON.stringify([group, r.av, r.asc, r.bv, r.bsc]);
    const row = rows.get(id) ?? { group, a: { value: r.av, scale: r.asc }, b: { value: r.bv, scale: r.bsc }, count: 0 };
    row.count += Number(r.n);
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** As countLabelPairs, grouped by the length in characters of the pair's chunk (pairs without a chunk are left out). */
async function countLabelPairsByChunkLength(judgeA: number, judgeB: number): Promise<PairCount[]> {
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
