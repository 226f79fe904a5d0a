import "server-only";
import {
  engineSummaries,
  relevantEngineHistogram,
  requestSummaries,
  resourceScores,
  type FederatedResult,
} from "@/lib/domain/impact/resource-selection";
import { binarize, levelIndex, scaleById } from "@/lib/domain/scales";
import { queryDocumentKey } from "@/lib/domain/targets";
import type { ImpactQuery } from "@/lib/schemas/impact";
import type { ResourceReport } from "@/lib/schemas/resources";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import { invalid } from "../errors";
import type { SourceLabel } from "@/lib/domain/label-sources";
import { loadLabelSource } from "../reports/load-label-source";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * A federated study's resources (FeB4RAG) under two label sets: each engine's graded precision per
 * request (FeB4RAG eq. 1), how many engines hold relevant results per request, and how far the
 * engines' order per request moves. An engine's results are the request's pooled documents whose
 * metadata names that engine (as the FeB4RAG importer stores them), in import order.
 */
export async function getResourceReport(user: UserDto, studyId: number, query: ImpactQuery): Promise<ResourceReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const pool = await readRows<{ queryId: unknown; documentId: unknown; metadata: string; request: string }>(
    `SELECT p."queryId" AS "queryId", p."documentId" AS "documentId", d."metadata" AS "metadata", q."externalId" AS "request"
       FROM "PoolEntry" p JOIN "Document" d ON d."id" = p."documentId" JOIN "Query" q ON q."id" = p."queryId"
      WHERE p."studyId" = ? AND d."metadata" LIKE '%"engine"%' ORDER BY p."id"`,
    [studyId],
  );
  if (pool.length === 0)
    throw invalid(
      "this study has no federated results: import FeB4RAG's labels (documents named <engine>/<docid>) first",
    );
  const [a, b] = [await loadLabelSource(db, studyId, query.a), await loadLabelSource(db, studyId, query.b)];
  const results: FederatedResult[] = [];
  for (const row of pool) {
    const engine = (JSON.parse(row.metadata) as { engine?: unknown }).engine;
    if (typeof engine !== "string") continue;
    const key = queryDocumentKey(Number(row.queryId), Number(row.documentId));
    results.push({ request: row.request, engine, a: gradeOf(a.labels.get(key)), b: gradeOf(b.labels.get(key)) });
  }
  const scores = resourceScores(results);
  const requests = requestSummaries(results, scores);
  const taus = requests.map((r) => r.tauB).filter((t): t is number => t !== null);
  const perEngine = engineSummaries(scores);
  const texts = new Map(
    (await db.query.findMany({ where: { studyId }, select: { externalId: true, body: true } })).map((q) => [
      q.externalId,
      q.body,
    ]),
  );
  return {
    sets: { a: query.a, b: query.b },
    engines: perEngine.map((e) => e.engine),
    requests: requests.length,
    unscored: { a: scores.filter((s) => s.a === null).length, b: scores.filter((s) => s.b === null).length },
    perEngine,
    relevantEngines: relevantEngineHistogram(requests, perEngine.length),
    meanTauB: taus.length === 0 ? null : taus.reduce((x, y) => x + y, 0) / taus.length,
    reordered: taus.filter((t) => t < 1).length,
    perRequest: requests
      .map((r) => ({ ...r, text: texts.get(r.request) ?? "" }))
      .sort((x, y) => y.change - x.change || x.request.localeCompare(y.request, "en", { numeric: true })),
    scores,
  };
}

/**
 * A label as FeB4RAG's 0-3 grade (its level on a four-level scale; labels on other scales have no
 * grade) and as relevant or not (the scale's binarization).
 */
function gradeOf(label: SourceLabel | undefined): FederatedResult["a"] {
  const scale = label && scaleById(label.scale);
  if (!label || !scale) return { grade: null, relevant: null };
  return {
    grade: scale.levels.length === 4 ? levelIndex(scale, label.value) : null,
    relevant: binarize(scale, label.value),
  };
}
