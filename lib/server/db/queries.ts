import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

/** The metadata (JSON text) of every question of a study, by id. */
export async function queryMetadataOf(tx: Tx, studyId: number): Promise<Map<number, string>> {
  const rows = await sqlOf(tx).query<{ id: unknown; metadata: string }>(
    `SELECT "id", "metadata" FROM "Query" WHERE "studyId" = ?`,
    [studyId],
  );
  return new Map(rows.map((q) => [Number(q.id), q.metadata]));
}

export async function setQueryMetadata(tx: Tx, queryId: number, metadata: string): Promise<void> {
  await sqlOf(tx).query(`UPDATE "Query" SET "metadata" = ? WHERE "id" = ?`, [metadata, queryId]);
}
