import "server-only";
import { buildImpactReport, type Run } from "@/lib/domain/impact/build-impact-report";
import type { RunEntry } from "@/lib/domain/impact/retrieval-metrics";
import type { ImpactQuery, ImpactReport } from "@/lib/schemas/impact";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import { invalid } from "../errors";
import { loadLabelSource } from "../label-sources/load-label-source";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/** Does the leaderboard change when one label set replaces another (see buildImpactReport)? */
export async function getImpactReport(user: UserDto, studyId: number, query: ImpactQuery): Promise<ImpactReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [nuggets, questions, a, b, runs] = [
    await db.nugget.findMany({ where: { studyId }, select: { id: true, queryId: true } }),
    await db.query.findMany({ where: { studyId }, select: { id: true, externalId: true } }),
    await loadLabelSource(db, studyId, query.a),
    await loadLabelSource(db, studyId, query.b),
    await loadRuns(studyId),
  ];
  const report = buildImpactReport({
    sets: { a: query.a, b: query.b },
    labels: { a: a.labels, b: b.labels },
    nuggets,
    runs,
    questionNames: new Map(questions.map((q) => [String(q.id), q.externalId])),
  });
  if (typeof report === "string") throw invalid(report);
  return report;
}

async function loadRuns(studyId: number): Promise<Map<string, Run>> {
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
