import "server-only";
import { labelPosition } from "@/lib/domain/explorer/consensus";
import { readRows } from "./sql-connection";

/** The explorer's set-based reads: questions by search, counts per question, disagreeing targets. */

/** A study's questions whose id, title or text holds `search` (any case); all of them for "". */
export async function searchQuestions(studyId: number, search: string) {
  const lower = search.toLowerCase();
  const like = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await readRows<{ id: unknown; externalId: string; title: string; body: string; metadata: string }>(
    `SELECT "id" AS id, "externalId" AS "externalId", "title" AS title, "body" AS body, "metadata" AS metadata FROM "Query" WHERE "studyId" = ?
     ${lower ? `AND (LOWER("externalId") LIKE ? ESCAPE '\\' OR LOWER("title") LIKE ? ESCAPE '\\' OR LOWER("body") LIKE ? ESCAPE '\\')` : ""}`,
    lower ? [studyId, like, like, like] : [studyId],
  );
  return rows.map((q) => ({ ...q, id: Number(q.id) }));
}

/** How many pooled chunks (or nuggets of the study's first nugget set) each question of a study has, by question id. */
export async function countPerQuestion(table: "Nugget" | "PoolEntry", studyId: number): Promise<Map<number, number>> {
  const firstSet = `AND "setId" = (SELECT MIN(s."id") FROM "NuggetSet" s WHERE s."studyId" = ?)`;
  const rows = await readRows<{ q: unknown; n: unknown }>(
    `SELECT "queryId" AS q, COUNT(*) AS n FROM "${table}" WHERE "studyId" = ? ${table === "Nugget" ? firstSet : ""} GROUP BY "queryId"`,
    table === "Nugget" ? [studyId, studyId] : [studyId],
  );
  return new Map(rows.map((r) => [Number(r.q), Number(r.n)]));
}

/** Per question: pooled pairs some LLM called positive, pairs a human judged, pairs the judges disagree on. */
export async function judgedCounts(
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

/**
 * One page of the study's pooled pairs whose judges disagree (read through each scale's
 * binarization), the strongest first: the spread between the highest and the lowest label, each
 * scaled to 0..1, then the number of judges; and how many there are in all.
 */
export async function disagreementPage(studyId: number, page: number, pageSize: number) {
  const lv = await labelPositionsTable(studyId);
  // grouped by target first, then the few disagreeing targets joined to their question, nugget and
  // chunk (every label of a target names the same ones): a join per label cost 1.4 times as much
  // at 1,000,000 labels. Ties go by the question's id, the nugget's position and the chunk's id,
  // not by row ids, so the page reads the same on every server that holds the study
  const disagreeing = `d AS (SELECT l."targetKey" AS k, MAX(lv.pos) - MIN(lv.pos) AS spread, COUNT(*) AS judges,
       MIN(l."queryId") AS qid, MIN(l."nuggetId") AS nid, MIN(l."documentId") AS did
      FROM "Label" l JOIN lv ON lv.scale = l."scale" AND lv.value = l."value"
     WHERE l."studyId" = ? AND l."targetType" IN ('nugget_document', 'query_document')
     GROUP BY l."targetKey" HAVING MIN(lv.positive) <> MAX(lv.positive))`;
  const params = [...lv.params, studyId];
  // the page and, through the window, how many there are in all: the grouping done once
  const keys = await readRows<{ k: string; spread: unknown; total: unknown }>(
    `WITH ${lv.cte}, ${disagreeing}
     SELECT d.k AS k, d.spread AS spread, COUNT(*) OVER () AS total
       FROM d LEFT JOIN "Query" q ON q."id" = d.qid LEFT JOIN "Nugget" n ON n."id" = d.nid
       LEFT JOIN "Document" doc ON doc."id" = d.did
      ORDER BY d.spread DESC, d.judges DESC, q."externalId", n."position", doc."externalId", d.k LIMIT ? OFFSET ?`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  // a page past the last has no row to carry the total: counted on its own
  const total =
    keys.length > 0 || page === 1
      ? Number(keys[0]?.total ?? 0)
      : Number(
          (await readRows<{ n: unknown }>(`WITH ${lv.cte}, ${disagreeing} SELECT COUNT(*) AS n FROM d`, params))[0]
            ?.n ?? 0,
        );
  return { total, keys: keys.map((k) => ({ k: k.k, spread: Number(k.spread) })) };
}

/**
 * A `lv(scale, value, pos, positive)` table for SQL: every (scale, value) the study's labels use,
 * with its level scaled to 0..1 and whether it is positive, so the database can count LLM-positive
 * and disagreeing targets without knowing the scales. Values that are no level of their scale are left out.
 */
async function labelPositionsTable(studyId: number): Promise<{ cte: string; params: unknown[] }> {
  const used = await readRows<{ scale: string; value: string }>(
    `SELECT DISTINCT "scale" AS scale, "value" AS value FROM "Label" WHERE "studyId" = ?`,
    [studyId],
  );
  const rows = used.flatMap((u) => {
    const p = labelPosition(u.scale, u.value);
    return p ? [[u.scale, u.value, p.level, p.positive ? 1 : 0]] : [];
  });
  if (rows.length === 0) rows.push(["", "", 0, 0]); // matches no label
  return {
    cte: `lv(scale, value, pos, positive) AS (VALUES ${rows.map(() => "(?, ?, CAST(? AS REAL), CAST(? AS INTEGER))").join(", ")})`,
    params: rows.flat(),
  };
}
