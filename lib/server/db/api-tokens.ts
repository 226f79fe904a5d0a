import "server-only";
import { readRows } from "./sql-connection";
import { isoTimeSql } from "./sql-time";

/** What a request with an API token checks: the token and its owner. */
export type TokenRow = {
  id: number;
  access: string;
  studies: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  user: { id: number; email: string; name: string; role: string; disabled: boolean };
};

const time = (value: unknown) => (value === null ? null : new Date(String(value)));

/** The token with this SHA-256 (hex), with its owner, or null (one read on the kept connection). */
export async function tokenByHash(tokenHash: string): Promise<TokenRow | null> {
  const [row] = await readRows<Record<string, unknown>>(
    `SELECT t."id" AS "id", t."access" AS "access", t."studies" AS "studies", ${isoTimeSql(`t."expiresAt"`)} AS "expiresAt",
       ${isoTimeSql(`t."lastUsedAt"`)} AS "lastUsedAt", ${isoTimeSql(`t."revokedAt"`)} AS "revokedAt", u."id" AS "userId", u."email" AS "email",
       u."name" AS "name", u."role" AS "role", u."disabled" AS "disabled"
     FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId" WHERE t."tokenHash" = ?`,
    [tokenHash],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    access: String(row.access),
    studies: String(row.studies),
    expiresAt: time(row.expiresAt)!,
    lastUsedAt: time(row.lastUsedAt),
    revokedAt: time(row.revokedAt),
    user: {
      id: Number(row.userId),
      email: String(row.email),
      name: String(row.name),
      role: String(row.role),
      disabled: Boolean(row.disabled), // 0/1 on SQLite
    },
  };
}
