import "server-only";
import { readRows } from "./sql-connection";

/** A study's questions' external ids by id. */
export async function questionExternalIds(studyId: number): Promise<Map<number, string>> {
  const rows = await readRows<{ id: unknown; externalId: string }>(
    `SELECT "id" AS "id", "externalId" AS "externalId" FROM "Query" WHERE "studyId" = ?`,
    [studyId],
  );
  return new Map(rows.map((q) => [Number(q.id), q.externalId]));
}

/** Each system of a study with its run's size (ranked entries, questions) and whether it has RAG answers, by name. */
export async function runSummaries(studyId: number) {
  const rows = await readRows<{ system: string; entries: unknown; queries: unknown; responses: unknown }>(
    `SELECT s."name" AS "system",
       (SELECT COUNT(*) FROM "RunEntry" r WHERE r."systemId" = s."id") AS "entries",
       (SELECT COUNT(DISTINCT r."queryId") FROM "RunEntry" r WHERE r."systemId" = s."id") AS "queries",
       (SELECT COUNT(*) FROM "Response" p WHERE p."systemId" = s."id") AS "responses"
     FROM "System" s WHERE s."studyId" = ? ORDER BY s."name"`,
    [studyId],
  );
  return rows.map((r) => ({
    system: r.system,
    entries: Number(r.entries),
    queries: Number(r.queries),
    responses: Number(r.responses),
  }));
}
