import "server-only";
import { withTransaction } from "./sql-connection";

/**
 * Records a session that signed out (model EndedSession), until it would have expired anyway;
 * the ended sessions already past their expiry are deleted with it, so the table holds only
 * sessions whose cookies could still be presented.
 */
export async function endSession(sessionId: string, userId: number, expiresAt: Date, now = new Date()): Promise<void> {
  await withTransaction(async (sql) => {
    await sql.query(`DELETE FROM "EndedSession" WHERE "expiresAt" < ?`, [sql.timestamp(now)]);
    await sql.query(
      `INSERT INTO "EndedSession" ("id", "userId", "expiresAt") VALUES (?, ?, ?) ON CONFLICT ("id") DO NOTHING`,
      [sessionId, userId, sql.timestamp(expiresAt)],
    );
  });
}
