import "server-only";
import { labelPosition } from "@/lib/domain/explorer/consensus";
import { readRows } from "../db/sql-connection";

/**
 * A `lv(scale, value, pos, positive)` table for SQL: every (scale, value) the study's labels use,
 * with its level scaled to 0..1 and whether it is positive, so the database can count LLM-positive
 * and disagreeing targets without knowing the scales. Values that are no level of their scale are left out.
 */
export async function labelPositionsTable(studyId: number): Promise<{ cte: string; params: unknown[] }> {
  const used = await readRows<{ scale: string; value: string }>(
    `SELECT DISTINCT "scale" AS scale, "value" AS value FROM "Label" WHERE "studyId" = ?`,
    [studyId],
  );
  const rows = used.flatMap((u) => {
    const p = labelPosition(u.scale, u.value);
    return p ? [[u.scale, u.value, p.level, p.positive ? 1 : 0]] : [];
  });
  if (rows.length === 0) rows.push(["", "", 0, 0]); // matches no label
  return {
    cte: `lv(scale, value, pos, positive) AS (VALUES ${rows.map(() => "(?, ?, CAST(? AS REAL), CAST(? AS INTEGER))").join(", ")})`,
    params: rows.flat(),
  };
}
