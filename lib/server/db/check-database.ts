import "server-only";
import { describeUrl, databaseUrl } from "./database-url.mjs";
import { getDb } from "./client";

/**
 * null when the database answers and is migrated; otherwise one line saying what is wrong, for
 * start-up checks and the health route.
 */
export async function checkDatabase(): Promise<string | null> {
  const url = databaseUrl();
  try {
    const db = await getDb();
    await db.user.count();
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n").filter(Boolean).at(-1) : String(error);
    if (/no such table|does not exist/i.test(detail ?? "")) {
      return `the database at ${describeUrl(url)} has no Assay tables: run \`npm run db:deploy\` (npm start does it for you)`;
    }
    return `cannot reach the database at ${describeUrl(url)}: ${detail}`;
  }
}
