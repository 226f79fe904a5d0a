import "server-only";
import { readRows } from "./sql-connection";

/** A judge's preference labels: per request (its id and metadata) and pair of systems, one row per criterion. */
export async function preferenceLabelsOfJudge(judgeId: number) {
  return readRows<{
    question: string;
    meta: string;
    a: string;
    b: string;
    criterion: string;
    value: string;
  }>(
    `SELECT q."externalId" AS "question", q."metadata" AS "meta", sa."name" AS "a", sb."name" AS "b", l."criterion" AS "criterion", l."value" AS "value"
       FROM "Label" l JOIN "Query" q ON q."id" = l."queryId" JOIN "System" sa ON sa."id" = l."systemAId" JOIN "System" sb ON sb."id" = l."systemBId"
      WHERE l."judgeId" = ? AND l."scale" = 'preference' AND l."criterion" IS NOT NULL`,
    [judgeId],
  );
}
