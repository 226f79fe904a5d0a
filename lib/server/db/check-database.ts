import "server-only";
import fs from "node:fs";
import path from "node:path";
import { describeUrl, databaseUrl, providerOf } from "./database-url.mjs";
import { getDb } from "./client";

/** The migrations this checkout ships for an engine (prisma/<engine>/migrations), read once. */
const shipped = new Map<string, number | null>();
function shippedMigrations(provider: string): number | null {
  if (!shipped.has(provider)) {
    const dir = path.join(process.cwd(), "prisma", provider, "migrations");
    shipped.set(
      provider,
      fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).length : null,
    );
  }
  return shipped.get(provider)!;
}

/**
 * null when the database answers and has every migration this checkout ships; otherwise one line
 * saying what is wrong and what to run, for start-up checks, the health route and the CLI.
 */
export async function checkDatabase(): Promise<string | null> {
  const url = databaseUrl();
  const deploy = "run `npm run db:deploy` (npm start does it for you)";
  try {
    const db = await getDb();
    await db.user.count();
    const expected = shippedMigrations(providerOf(url));
    if (expected === null) return null;
    const [row] = await db.$queryRawUnsafe<{ n: unknown }[]>(
      `SELECT COUNT(*) AS n FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = Number(row?.n ?? 0);
    return applied < expected
      ? `the database at ${describeUrl(url)} lacks ${expected - applied} of this version's ${expected} migrations: ${deploy}`
      : null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n").filter(Boolean).at(-1) : String(error);
    if (/no such table|does not exist/i.test(detail ?? "")) {
      return `the database at ${describeUrl(url)} has no Assay tables: ${deploy}`;
    }
    return `cannot reach the database at ${describeUrl(url)} (check DATABASE_URL): ${detail}`;
  }
}
