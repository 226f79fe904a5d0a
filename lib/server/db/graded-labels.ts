import "server-only";
import type { GradedLabel } from "@/lib/domain/judge-agreement/build-judge-agreement";
import { readRows } from "./sql-connection";

/** Every judge's (query, document) labels of the study, by judge id, queries and documents by their external ids (as qrels name them). */
export async function gradedLabelsByJudge(studyId: number): Promise<Map<number, GradedLabel[]>> {
  const rows = await readRows<{
    judgeId: unknown;
    queryId: unknown;
    documentId: unknown;
    value: string;
    scale: string;
  }>(
    `SELECT l."judgeId" AS "judgeId", q."externalId" AS "queryId", d."externalId" AS "documentId", l."value" AS "value", l."scale" AS "scale"
       FROM "Label" l JOIN "Query" q ON q."id" = l."queryId" JOIN "Document" d ON d."id" = l."documentId"
      WHERE l."studyId" = ? AND l."targetType" = 'query_document'`,
    [studyId],
  );
  const byJudge = new Map<number, GradedLabel[]>();
  for (const r of rows) {
    const id = Number(r.judgeId);
    (byJudge.get(id) ?? byJudge.set(id, []).get(id)!).push({
      queryId: String(r.queryId),
      documentId: String(r.documentId),
      value: r.value,
      scale: r.scale,
    });
  }
  return byJudge;
}
