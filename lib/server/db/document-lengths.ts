import "server-only";
import { readRows } from "./sql-connection";

/** Every chunk of a study's length in characters, by id (for agreement by chunk length). */
export async function documentLengths(studyId: number): Promise<Map<number, number>> {
  const rows = await readRows<{ id: unknown; length: unknown }>(
    `SELECT "id" AS "id", LENGTH("text") AS "length" FROM "Document" WHERE "studyId" = ?`,
    [studyId],
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.length)]));
}
