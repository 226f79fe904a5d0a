import "server-only";
import { readRows } from "./sql-connection";

/** A study's pooled chunks whose metadata names a search engine (a federated study), in import order. */
export async function federatedPool(studyId: number) {
  return readRows<{ queryId: unknown; documentId: unknown; metadata: string; request: string }>(
    `SELECT p."queryId" AS "queryId", p."documentId" AS "documentId", d."metadata" AS "metadata", q."externalId" AS "request"
       FROM "PoolEntry" p JOIN "Document" d ON d."id" = p."documentId" JOIN "Query" q ON q."id" = p."queryId"
      WHERE p."studyId" = ? AND d."metadata" LIKE '%"engine"%' ORDER BY p."id"`,
    [studyId],
  );
}
