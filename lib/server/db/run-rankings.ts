import "server-only";
import {
  rankingOf,
  renameDocuments,
  type RankedRun,
  type Ranking,
  type RunEntry,
} from "@/lib/domain/impact/run-ranking";
import { rowsPerStatement } from "./lists";
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
 * wrote them: an import calls it once its files are in). One system at a time, so memory holds
 * one run's entries.
 */
export async function writeRunRankings(tx: Tx, systemIds: Iterable<number>): Promise<void> {
  const sql = sqlOf(tx);
  for (const systemId of new Set(systemIds)) {
    await sql.query(`DELETE FROM "RunRanking" WHERE "systemId" = ?`, [systemId]);
    const entries = await sql.query<{ queryId: unknown; documentId: unknown; docno: string; score: unknown }>(
      `SELECT r."queryId" AS "queryId", r."documentId" AS "documentId", d."externalId" AS "docno", r."score" AS "score"
         FROM "RunEntry" r JOIN "Document" d ON d."id" = r."documentId"
        WHERE r."systemId" = ? ORDER BY r."queryId"`,
      [systemId],
    );
    const rows: unknown[][] = [];
    let start = 0;
    while (start < entries.length) {
      let end = start;
      while (end < entries.length && entries[end]!.queryId === entries[start]!.queryId) end++;
      const query = entries.slice(start, end);
      const idOf = new Map(query.map((e) => [e.docno, Number(e.documentId)]));
      const ranking = rankingOf(query.map((e): RunEntry => ({ docId: e.docno, score: Number(e.score) })));
      const ids = (docnos: readonly string[]) => encodeDocumentIds(docnos.map((d) => idOf.get(d)!));
      const exact = ids(ranking.exact);
      rows.push([
        systemId,
        Number(query[0]!.queryId),
        exact,
        ranking.float32 === ranking.exact ? null : ids(ranking.float32),
      ]);
      start = end;
    }
    const perStatement = rowsPerStatement(4);
    for (let i = 0; i < rows.length; i += perStatement) {
      const chunk = rows.slice(i, i + perStatement);
      await sql.query(
        `INSERT INTO "RunRanking" ("systemId", "queryId", "documents", "float32Documents") VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}`,
        chunk.flat(),
      );
    }
  }
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
