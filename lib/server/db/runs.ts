import "server-only";
import type { Run } from "@/lib/domain/impact/build-impact-report";
import type { RunEntry } from "@/lib/domain/impact/run-ranking";
import { readRows } from "./sql-connection";

/**
 * Every run of a study by system name: per question id, its entries, each document by its external
 * id (the docno of the run file, by which trec_eval and ndeval break ties in score).
 */
export async function runsOfStudy(studyId: number): Promise<Map<string, Run>> {
  const rows = await readRows<{ system: string; queryId: unknown; documentId: unknown; score: unknown }>(
    `SELECT s."name" AS "system", r."queryId" AS "queryId", d."externalId" AS "documentId", r."score" AS "score"
       FROM "RunEntry" r JOIN "System" s ON s."id" = r."systemId" JOIN "Document" d ON d."id" = r."documentId"
      WHERE s."studyId" = ?`,
    [studyId],
  );
  const runs = new Map<string, Map<string, RunEntry[]>>();
  for (const r of rows) {
    const run = runs.get(r.system) ?? runs.set(r.system, new Map()).get(r.system)!;
    const key = String(r.queryId);
    (run.get(key) ?? run.set(key, []).get(key)!).push({ docId: String(r.documentId), score: Number(r.score) });
  }
  return runs;
}

/** A study's questions' external ids by id. */
export async function questionExternalIds(studyId: number): Promise<Map<number, string>> {
  const rows = await readRows<{ id: unknown; externalId: string }>(
    `SELECT "id" AS "id", "externalId" AS "externalId" FROM "Query" WHERE "studyId" = ?`,
    [studyId],
  );
  return new Map(rows.map((q) => [Number(q.id), q.externalId]));
}

/**
 * Every run of a study as its files named things: per system, per question's external id (from
 * `questions`, questionExternalIds'), the entries (documents by external id), so ties and sums
 * follow trec_eval's order.
 */
export async function runsByExternalIds(
  studyId: number,
  questions: ReadonlyMap<number, string>,
): Promise<Map<string, Run>> {
  return new Map(
    [...(await runsOfStudy(studyId))].map(([system, run]) => [
      system,
      new Map([...run].map(([queryId, entries]) => [questions.get(Number(queryId)) ?? queryId, entries])),
    ]),
  );
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
