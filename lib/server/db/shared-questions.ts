import "server-only";
import { placeholders } from "./lists";
import { readRows } from "./sql-connection";

/** For each of `others`, how many question ids it shares with the study (studies sharing none are left out). */
export async function sharedQuestionCounts(studyId: number, others: readonly number[]): Promise<Map<number, number>> {
  if (others.length === 0) return new Map();
  const rows = await readRows<{ studyId: unknown; shared: unknown }>(
    `SELECT o."studyId" AS "studyId", COUNT(*) AS "shared"
       FROM "Query" q JOIN "Query" o ON o."externalId" = q."externalId"
      WHERE q."studyId" = ? AND o."studyId" IN (${placeholders(others)})
      GROUP BY o."studyId"`,
    [studyId, ...others],
  );
  return new Map(rows.map((r) => [Number(r.studyId), Number(r.shared)]));
}
