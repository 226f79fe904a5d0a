import "server-only";
import type { Run } from "@/lib/domain/impact/build-impact-report";
import type { RunEntry } from "@/lib/domain/impact/retrieval-metrics";
import { readRows } from "./sql-connection";

/** Every run of a study by system name: per question id, its entries. */
export async function runsOfStudy(studyId: number): Promise<Map<string, Run>> {
  const rows = await readRows<{ system: string; queryId: unknown; documentId: unknown; score: unknown }>(
    `SELECT s."name" AS "system", r."queryId" AS "queryId", r."documentId" AS "documentId", r."score" AS "score"
       FROM "RunEntry" r JOIN "System" s ON s."id" = r."systemId" WHERE s."studyId" = ?`,
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
