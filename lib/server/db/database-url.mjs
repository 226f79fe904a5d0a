// One rule for every entry point (web app, CLI, Prisma CLI, scripts, tests): DATABASE_URL picks
// the database; without it Assay uses the embedded SQLite file data/assay.db under the working
// directory (the repository root for every npm script).
import path from "node:path";

export function defaultSqliteFile(cwd = process.cwd()) {
  return path.join(cwd, "data", "assay.db");
}

export function databaseUrl(env = process.env) {
  return env.DATABASE_URL || `file:${defaultSqliteFile()}`;
}

export function providerOf(url) {
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(
    `DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL), not "${url.split(":")[0]}:"`,
  );
}

/** The file a file: URL names (relative paths resolve against the working directory; query parameters dropped). */
export function sqliteFileOf(url) {
  return path.resolve(url.slice("file:".length).split("?")[0]);
}

/** The URL without its password, for messages. */
export function describeUrl(url) {
  if (providerOf(url) === "sqlite") return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
