import "server-only";
import { placeholders, readInChunks } from "./lists";
import { readRows } from "./sql-connection";

/** What every request checks of its signed-in user (see currentUser): no password hash. */
export type SessionUserRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  sessionVersion: number;
};

/**
 * The user with this id, and whether the session `sessionId` signed out (EndedSession), or null:
 * one read per request.
 */
export async function sessionUserById(
  id: number,
  sessionId: string,
): Promise<(SessionUserRow & { ended: boolean }) | null> {
  const [row] = await readRows<{
    id: unknown;
    email: string;
    name: string;
    role: string;
    disabled: unknown;
    sessionVersion: unknown;
    ended: unknown;
  }>(
    `SELECT "id" AS "id", "email" AS "email", "name" AS "name", "role" AS "role", "disabled" AS "disabled",
       "sessionVersion" AS "sessionVersion",
       CASE WHEN EXISTS (SELECT 1 FROM "EndedSession" WHERE "id" = ?) THEN 1 ELSE 0 END AS "ended"
     FROM "User" WHERE "id" = ?`,
    [sessionId, id],
  );
  return row
    ? {
        id: Number(row.id),
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: Boolean(row.disabled), // 0/1 on SQLite
        sessionVersion: Number(row.sessionVersion),
        ended: Number(row.ended) === 1,
      }
    : null;
}

/** The email of each user id given, by id (any number of ids: read in chunks). */
export async function emailsOfUsers(ids: Iterable<number>): Promise<Map<number, string>> {
  const rows = await readInChunks(ids, (chunk) =>
    readRows<{ id: unknown; email: string }>(
      `SELECT "id", "email" FROM "User" WHERE "id" IN (${placeholders(chunk)})`,
      chunk,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.email]));
}
