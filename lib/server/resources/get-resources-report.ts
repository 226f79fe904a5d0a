import "server-only";
import { buildResourcesReport, type FederatedEntry } from "@/lib/domain/resources/build-resources-report";
import type { ImpactQuery } from "@/lib/schemas/impact";
import type { ResourceReport } from "@/lib/domain/resources/build-resources-report";
import { getDb } from "../db/client";
import { federatedPool } from "../db/federated-pool";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * A federated study's resources under two label sets (see buildResourcesReport). An engine's
 * results are the request's pooled documents whose metadata names that engine (as the FeB4RAG
 * importer stores them), in import order.
 */
export async function getResourcesReport(user: UserDto, studyId: number, query: ImpactQuery): Promise<ResourceReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const rows = await federatedPool(studyId);
  if (rows.length === 0)
    throw invalid(
      "this study has no federated results: import FeB4RAG's labels (documents named <engine>/<docid>) first",
    );
  const pool = rows.flatMap((row): FederatedEntry[] => {
    const engine = (JSON.parse(row.metadata) as { engine?: unknown }).engine;
    return typeof engine === "string"
      ? [{ request: row.request, queryId: Number(row.queryId), documentId: Number(row.documentId), engine }]
      : [];
  });
  const [a, b] = [await loadLabelSet(studyId, query.a), await loadLabelSet(studyId, query.b)];
  const questions = await db.query.findMany({ where: { studyId }, select: { externalId: true, body: true } });
  return buildResourcesReport({
    sets: { a: a.name, b: b.name },
    pool,
    labels: { a: a.labels, b: b.labels },
    texts: new Map(questions.map((q) => [q.externalId, q.body])),
  });
}
