import "server-only";
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

/** The user with this id, or null. */
export async function sessionUserById(id: number): Promise<SessionUserRow | null> {
  const [row] = await readRows<{
    id: unknown;
    email: string;
    name: string;
    role: string;
    disabled: unknown;
    sessionVersion: unknown;
  }>(
    `SELECT "id" AS "id", "email" AS "email", "name" AS "name", "role" AS "role", "disabled" AS "disabled",
       "sessionVersion" AS "sessionVersion" FROM "User" WHERE "id" = ?`,
    [id],
  );
  return row
    ? {
        id: Number(row.id),
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: Boolean(row.disabled), // 0/1 on SQLite
        sessionVersion: Number(row.sessionVersion),
      }
    : null;
}
