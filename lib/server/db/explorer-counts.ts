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
  const at = await labelPositions(studyId);
  const positive = at.positive("l");
  // the labels grouped by target in the index's order (Label_study_target_covering_idx), not sorted;
  // only the targets are, by question
  const rows = await readRows<{ q: unknown; llm: unknown; human: unknown; dis: unknown }>(
    `SELECT t.q AS q, SUM(t.llm) AS llm, SUM(t.human) AS human, SUM(CASE WHEN t.lo <> t.hi THEN 1 ELSE 0 END) AS dis
       FROM (SELECT MIN(l."queryId") AS q,
                    MAX(CASE WHEN j."kind" = 'model' THEN ${positive.sql} ELSE 0 END) AS llm,
                    MAX(CASE WHEN j."kind" = 'human' AND ${positive.sql} IS NOT NULL THEN 1 ELSE 0 END) AS human,
                    MIN(${positive.sql}) AS lo, MAX(${positive.sql}) AS hi
               FROM "Label" l JOIN "Judge" j ON j."id" = l."judgeId"
              WHERE l."studyId" = ? AND l."targetType" IN ('nugget_document', 'query_document')
              GROUP BY l."targetKey") t
      GROUP BY t.q`,
    [...positive.params, ...positive.params, ...positive.params, ...positive.params, studyId],
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
  const at = await labelPositions(studyId);
  const [level, positive] = [at.level("l"), at.positive("l")];
  // first the disagreeing targets alone, grouped in the index's order (Label_study_target_covering_idx:
  // no sort, no row read, two aggregates a label); then their few labels again for the spread, the
  // judges and the question, nugget and chunk they name (every label of a target names the same
  // ones): 0.65 s against 1.3 s for one grouping at 1,000,000 labels. Ties go by the question's id,
  // the nugget's position and the chunk's id, not by row ids, so the page reads the same on every
  // server that holds the study. `x` is MATERIALIZED: PostgreSQL cannot tell from the HAVING how few
  // targets disagree (it guessed 495,821 of 500,000 at TREC's size, against 23,984) and, inlining it,
  // hashed every label of the study to join them, with each parallel worker grouping the whole index
  // again (3.7 s, the table as its import left it); computed once, 2.3 s, and 1.6-1.9 s once the
  // import has vacuumed the table (sql-connection.ts)
  const disagreeing = `x AS MATERIALIZED (SELECT l."targetKey" AS k FROM "Label" l
     WHERE l."studyId" = ? AND l."targetType" IN ('nugget_document', 'query_document')
     GROUP BY l."targetKey" HAVING MIN(${positive.sql}) <> MAX(${positive.sql})),
   d AS (SELECT x.k AS k, MAX(${level.sql}) - MIN(${level.sql}) AS spread, COUNT(${level.sql}) AS judges,
       MIN(l."queryId") AS qid, MIN(l."nuggetId") AS nid, MIN(l."documentId") AS did
      FROM x JOIN "Label" l ON l."studyId" = ? AND l."targetKey" = x.k GROUP BY x.k)`;
  const params = [
    studyId,
    ...positive.params,
    ...positive.params,
    ...level.params,
    ...level.params,
    ...level.params,
    studyId,
  ];
  // the page and, through the window, how many there are in all: the grouping done once
  const keys = await readRows<{ k: string; spread: unknown; total: unknown }>(
    `WITH ${disagreeing}
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
      : Number((await readRows<{ n: unknown }>(`WITH ${disagreeing} SELECT COUNT(*) AS n FROM x`, params))[0]?.n ?? 0);
  return { total, keys: keys.map((k) => ({ k: k.k, spread: Number(k.spread) })) };
}

type SqlExpression = { sql: string; params: unknown[] };

/**
 * Where each label of a study sits, as SQL expressions over a label table's alias: its level scaled
 * to 0..1, and 1 or 0 for positive or not by its scale's threshold (labelPosition), for every
 * (scale, value) the study's labels use; NULL for a value that is no level of its scale, so
 * aggregates leave it out. A CASE on the scale, then on the value, evaluated in the row: a join
 * to a table of positions cost a third more at 1,000,000 labels and kept SQLite from grouping in
 * an index's order.
 */
async function labelPositions(studyId: number): Promise<{
  level(alias: string): SqlExpression;
  positive(alias: string): SqlExpression;
}> {
  const used = await readRows<{ scale: string; value: string }>(
    `SELECT DISTINCT "scale" AS scale, "value" AS value FROM "Label" WHERE "studyId" = ?`,
    [studyId],
  );
  const byScale = new Map<string, { value: string; level: number; positive: number }[]>();
  for (const u of used) {
    const p = labelPosition(u.scale, u.value);
    if (!p) continue;
    const levels = byScale.get(u.scale) ?? byScale.set(u.scale, []).get(u.scale)!;
    levels.push({ value: u.value, level: p.level, positive: p.positive ? 1 : 0 });
  }
  const expression = (alias: string, of: "level" | "positive"): SqlExpression => {
    if (byScale.size === 0) return { sql: "CAST(NULL AS DOUBLE PRECISION)", params: [] };
    const type = of === "level" ? "DOUBLE PRECISION" : "INTEGER"; // PostgreSQL's REAL is 4 bytes
    const params: unknown[] = [];
    const scales = [...byScale].map(([scale, levels]) => {
      params.push(scale);
      const whens = levels.map((l) => {
        params.push(l.value, l[of]);
        return `WHEN ? THEN CAST(? AS ${type})`;
      });
      return `WHEN ? THEN CASE ${alias}."value" ${whens.join(" ")} END`;
    });
    return { sql: `CASE ${alias}."scale" ${scales.join(" ")} END`, params };
  };
  return { level: (alias) => expression(alias, "level"), positive: (alias) => expression(alias, "positive") };
}
