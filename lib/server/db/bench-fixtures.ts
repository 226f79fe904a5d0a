import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

// Synthetic rows for the benchmarks (scripts/bench), written in bulk with SQL: large worlds that
// the app's operations would take minutes to build one save at a time.

/**
 * One blind annotation per item of a campaign by each annotator, on the relevance-3 scale, the
 * first annotator's level from the item id mod 3 and the others' from a shifted pattern, so they
 * agree on some items and not on others.
 */
export async function fakeAnnotations(tx: Tx, campaignId: number, annotatorIds: readonly number[]): Promise<void> {
  const sql = sqlOf(tx);
  const level = (expression: string) =>
    `CASE ${expression} WHEN 0 THEN '{"level":"non_relevant"}' WHEN 1 THEN '{"level":"partially_relevant"}' ELSE '{"level":"relevant"}' END`;
  const now = sql.timestamp(new Date());
  for (const [k, annotator] of annotatorIds.entries()) {
    await sql.query(
      `INSERT INTO "Annotation" ("itemId", "userId", "phase", "payload", "clientId", "version", "durationMs", "startedAt", "submittedAt", "updatedAt")
       SELECT i."id", ?, 'blind', ${level(k === 0 ? 'i."id" % 3' : '(i."id" * 7 / 5) % 3')}, 'bench-' || i."id" || '-' || ?, 1, 1000, ?, ?, ?
         FROM "Item" i WHERE i."campaignId" = ?`,
      [annotator, k, now, now, now, campaignId],
    );
  }
}

/**
 * A human judge's relevance-3 labels on half of an LLM's targets (ids 0 and 1 mod 4), agreeing
 * with the LLM on some and not on others, so the explorer has disagreements to list.
 */
export async function fakeHumanLabels(tx: Tx, humanJudgeId: number, llmJudgeId: number): Promise<void> {
  const sql = sqlOf(tx);
  await sql.query(
    `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "documentId", "scale", "value", "createdAt")
     SELECT l."studyId", ?, l."targetType", l."targetKey", l."queryId", l."nuggetId", l."documentId", 'relevance-3',
            CASE WHEN (l."id" % 4 = 0) = (l."value" = '1') THEN 'non_relevant' ELSE 'relevant' END, ?
       FROM "Label" l WHERE l."judgeId" = ? AND l."id" % 4 IN (0, 1)`,
    [humanJudgeId, sql.timestamp(new Date()), llmJudgeId],
  );
}
