import "server-only";
import {
  rankingByScore,
  renameDocuments,
  tiedDocuments,
  type RankedRun,
  type Ranking,
} from "@/lib/domain/runs/run-ranking";
import { chunksOf, placeholders } from "./lists";
import { readRows, sqlOf, type Tx } from "./sql-connection";
import { withBulkTransaction } from "./transactions";

/**
 * Each run's rankings (the RunRanking table): a system's documents for one query in the order the
 * evaluation tools read them, written from its run entries and read by the reports (Impact,
 * Corrected estimates, Judge agreement, Drift) a row a query instead of a row a document, with
 * nothing left to sort: at TREC's size, 5,000 rows instead of 5,000,000.
 */

/** Document ids as stored: 32-bit little-endian integers in base64. */
export function encodeDocumentIds(ids: readonly number[]): string {
  const bytes = Buffer.alloc(ids.length * 4);
  ids.forEach((id, i) => bytes.writeInt32LE(id, i * 4));
  return bytes.toString("base64");
}

export function decodeDocumentIds(text: string): number[] {
  const bytes = Buffer.from(text, "base64");
  const ids = new Array<number>(bytes.length / 4);
  for (let i = 0; i < ids.length; i++) ids[i] = bytes.readInt32LE(i * 4);
  return ids;
}

/**
 * Writes the rankings of these systems afresh from their run entries (in the transaction that
 * wrote them: an import calls it once its files are in). The database sorts each question's
 * entries by score and hands them over as a row a question; ties are ordered by the documents'
 * external ids (rankingByScore), which are read for the tied documents only. One system at a time.
 */
export async function writeRunRankings(tx: Tx, systemIds: Iterable<number>): Promise<void> {
  const sql = sqlOf(tx);
  for (const systemId of new Set(systemIds)) {
    await sql.query(`DELETE FROM "RunRanking" WHERE "systemId" = ?`, [systemId]);
    const queryIds = await sql.query<{ queryId: unknown }>(
      `SELECT DISTINCT "queryId" AS "queryId" FROM "RunEntry" WHERE "systemId" = ?`,
      [systemId],
    );
    for (const chunk of chunksOf(
      queryIds.map((q) => Number(q.queryId)),
      QUESTIONS_AT_ONCE,
    )) {
      const byScore = await sql.query<ByScore>(byScoreSql(sql.dialect, chunk), [systemId, ...chunk]);
      const questions = byScore.map((q) => ({ queryId: Number(q.queryId), ...parseEntries(q.entries) }));
      const names = await documentNamesOf(
        tx,
        questions.flatMap((q) => tiedDocuments(q.ids, q.scores)),
      );
      const rows = questions.map((q) => {
        const ranking = rankingByScore(q.ids, q.scores, (id) => names.get(id)!);
        const exact = encodeDocumentIds(ranking.exact);
        return [
          systemId,
          q.queryId,
          exact,
          ranking.float32 === ranking.exact ? null : encodeDocumentIds(ranking.float32),
        ];
      });
      await sql.query(
        `INSERT INTO "RunRanking" ("systemId", "queryId", "documents", "float32Documents") VALUES ${rows.map(() => "(?, ?, ?, ?)").join(", ")}`,
        rows.flat(),
      );
    }
  }
}

/** "id score id score ..." as the ids and the scores. */
function parseEntries(text: string): { ids: number[]; scores: number[] } {
  const ids: number[] = [];
  const scores: number[] = [];
  for (let at = 0; at < text.length;) {
    const space = text.indexOf(" ", at);
    const next = text.indexOf(" ", space + 1);
    const end = next === -1 ? text.length : next;
    ids.push(Number(text.slice(at, space)));
    scores.push(Number(text.slice(space + 1, end)));
    at = end + 1;
  }
  return { ids, scores };
}

/** The external ids of these documents. */
async function documentNamesOf(tx: Tx, ids: Iterable<number>): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const chunk of chunksOf(new Set(ids)))
    for (const d of await sqlOf(tx).query<{ id: unknown; externalId: string }>(
      `SELECT "id" AS "id", "externalId" AS "externalId" FROM "Document" WHERE "id" IN (${placeholders(chunk)})`,
      chunk,
    ))
      names.set(Number(d.id), d.externalId);
  return names;
}

/** A question's entries by descending score, ties in any order: "documentId score documentId score ...", scores exact. */
type ByScore = { queryId: unknown; entries: string };

/** Questions read and ranked at once: few enough that their strings and arrays die young (50 at once held 120 MB more at TREC size). */
const QUESTIONS_AT_ONCE = 10;

function byScoreSql(dialect: "sqlite" | "postgres", queryIds: readonly number[]): string {
  // scores as text that reads back as the same double
  const entries =
    dialect === "postgres"
      ? `string_agg(r."documentId"::text || ' ' || r."score"::float8::text, ' ' ORDER BY r."score" DESC)`
      : `group_concat(r."documentId" || ' ' || printf('%!.17g', r."score"), ' ' ORDER BY r."score" DESC)`;
  return `SELECT r."queryId" AS "queryId", ${entries} AS "entries" FROM "RunEntry" r
           WHERE r."systemId" = ? AND r."queryId" IN (${placeholders(queryIds)}) GROUP BY r."queryId"`;
}

/**
 * Every run of a study ranked, by system name: per question (its key by `questionKey`, the
 * database's id as text by default), its documents by their database ids (renameDocuments names
 * them). Rankings that a study's runs lack (written before rankings were kept) are written first.
 */
export async function rankedRunsOfStudy(
  studyId: number,
  questionKey: (queryId: number) => string = String,
): Promise<Map<string, RankedRun<number>>> {
  const unranked = await readRows<{ id: unknown }>(
    `SELECT s."id" AS "id" FROM "System" s
      WHERE s."studyId" = ?
        AND NOT EXISTS (SELECT 1 FROM "RunRanking" k WHERE k."systemId" = s."id")
        AND EXISTS (SELECT 1 FROM "RunEntry" r WHERE r."systemId" = s."id")`,
    [studyId],
  );
  if (unranked.length > 0)
    await withBulkTransaction((tx) =>
      writeRunRankings(
        tx,
        unranked.map((s) => Number(s.id)),
      ),
    );
  const rows = await readRows<{ system: string; queryId: unknown; documents: string; float32Documents: string | null }>(
    `SELECT s."name" AS "system", k."queryId" AS "queryId", k."documents" AS "documents", k."float32Documents" AS "float32Documents"
       FROM "RunRanking" k JOIN "System" s ON s."id" = k."systemId"
      WHERE s."studyId" = ?`,
    [studyId],
  );
  const runs = new Map<string, Map<string, Ranking<number>>>();
  for (const row of rows) {
    const run = runs.get(row.system) ?? runs.set(row.system, new Map()).get(row.system)!;
    const exact = decodeDocumentIds(row.documents);
    run.set(questionKey(Number(row.queryId)), {
      exact,
      float32: row.float32Documents === null ? exact : decodeDocumentIds(row.float32Documents),
    });
  }
  return runs;
}

/** rankedRunsOfStudy with documents by their external ids (`documentNames`), as run files name them. */
export async function namedRankedRunsOfStudy(
  studyId: number,
  documentNames: ReadonlyMap<number, string>,
  questionKey: (queryId: number) => string = String,
): Promise<Map<string, RankedRun>> {
  const name = (id: number) => documentNames.get(id) ?? String(id);
  return new Map(
    [...(await rankedRunsOfStudy(studyId, questionKey))].map(([system, run]) => [system, renameDocuments(run, name)]),
  );
}

/** A study's documents' external ids by id. */
export async function documentExternalIds(studyId: number): Promise<Map<number, string>> {
  const rows = await readRows<{ id: unknown; externalId: string }>(
    `SELECT "id" AS "id", "externalId" AS "externalId" FROM "Document" WHERE "studyId" = ?`,
    [studyId],
  );
  return new Map(rows.map((d) => [Number(d.id), d.externalId]));
}
