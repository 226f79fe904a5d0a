import "server-only";
import { buildQuestionList } from "@/lib/domain/explorer/build-question-list";
import type { QuestionList, QuestionListQuery } from "@/lib/schemas/explorer";
import { getDb } from "../db/client";
import { readRows } from "../db/sql-connection";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { labelPositionsTable } from "./label-positions";

/**
 * A study's questions with what was judged about them, searched (id, title and text), filtered by
 * tag, sorted by any count and cut to one page (see buildQuestionList). The counts are grouped by the database in three
 * queries whatever the size of the pool; sorting and paging run over the questions only.
 */
export async function listQuestions(user: UserDto, studyId: number, query: QuestionListQuery): Promise<QuestionList> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const search = query.q.toLowerCase();
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [study, questions, nuggets, pooled, judged] = await Promise.all([
    db.study.findUniqueOrThrow({ where: { id: studyId }, select: { id: true, name: true } }),
    readRows<{ id: unknown; externalId: string; title: string; body: string; metadata: string }>(
      `SELECT "id" AS id, "externalId" AS "externalId", "title" AS title, "body" AS body, "metadata" AS metadata FROM "Query" WHERE "studyId" = ?
       ${search ? `AND (LOWER("externalId") LIKE ? ESCAPE '\\' OR LOWER("title") LIKE ? ESCAPE '\\' OR LOWER("body") LIKE ? ESCAPE '\\')` : ""}`,
      search ? [studyId, like, like, like] : [studyId],
    ),
    countsBy(`SELECT "queryId" AS q, COUNT(*) AS n FROM "Nugget" WHERE "studyId" = ? GROUP BY "queryId"`, [studyId]),
    countsBy(`SELECT "queryId" AS q, COUNT(*) AS n FROM "PoolEntry" WHERE "studyId" = ? GROUP BY "queryId"`, [studyId]),
    judgedCounts(studyId),
  ]);
  return buildQuestionList({
    study,
    questions: questions.map((q) => ({ ...q, id: Number(q.id) })),
    nuggets,
    pooled,
    judged,
    query,
  });
}

async function countsBy(sql: string, params: unknown[]): Promise<Map<number, number>> {
  return new Map((await readRows<{ q: unknown; n: unknown }>(sql, params)).map((r) => [Number(r.q), Number(r.n)]));
}

/** Per question: pooled pairs some LLM called positive, pairs a human judged, pairs the judges disagree on. */
async function judgedCounts(
  studyId: number,
): Promise<Map<number, { llmPositive: number; humanJudged: number; disagreements: number }>> {
  const lv = await labelPositionsTable(studyId);
  const rows = await readRows<{ q: unknown; llm: unknown; human: unknown; dis: unknown }>(
    `WITH ${lv.cte}
     SELECT t.q AS q, SUM(t.llm) AS llm, SUM(t.human) AS human, SUM(CASE WHEN t.lo <> t.hi THEN 1 ELSE 0 END) AS dis
       FROM (SELECT l."queryId" AS q,
                    MAX(CASE WHEN j."kind" = 'model' THEN lv.positive ELSE 0 END) AS llm,
                    MAX(CASE WHEN j."kind" = 'human' THEN 1 ELSE 0 END) AS human,
                    MIN(lv.positive) AS lo, MAX(lv.positive) AS hi
               FROM "Label" l JOIN "Judge" j ON j."id" = l."judgeId" JOIN lv ON lv.scale = l."scale" AND lv.value = l."value"
              WHERE l."studyId" = ? AND l."targetType" IN ('nugget_document', 'query_document')
              GROUP BY l."queryId", l."targetKey") t
      GROUP BY t.q`,
    [...lv.params, studyId],
  );
  return new Map(
    rows.map((r) => [
      Number(r.q),
      { llmPositive: Number(r.llm), humanJudged: Number(r.human), disagreements: Number(r.dis) },
    ]),
  );
}
