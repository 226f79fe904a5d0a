import "server-only";
import { databaseUrl, providerOf } from "./database-url.mjs";

/**
 * SQL for a time column as the same ISO text on both engines ("2026-11-24T21:00:00.000Z"):
 * PostgreSQL's through to_char, SQLite's as Prisma keeps it (ISO with +00:00).
 */
export function isoTimeSql(column: string, url = databaseUrl()): string {
  return providerOf(url) === "postgres"
    ? `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `replace(${column}, '+00:00', 'Z')`;
}
