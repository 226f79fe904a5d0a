import { describe, expect, it } from "vitest";
import { engineUnderTest } from "@/test/db-tier";
import { getDb } from "./client";

describe.runIf(engineUnderTest === "sqlite")("the SQLite client", () => {
  // libsql reopens its connection after every transaction; settings made by PRAGMA would be lost.
  it("keeps its busy timeout and foreign keys after a transaction", async () => {
    const db = await getDb();
    await db.$transaction(async (tx) => tx.user.count());
    const [timeout] = await db.$queryRawUnsafe<{ timeout: bigint }[]>("PRAGMA busy_timeout");
    const [fk] = await db.$queryRawUnsafe<{ foreign_keys: bigint }[]>("PRAGMA foreign_keys");
    const [journal] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    expect(Number(timeout?.timeout)).toBe(5000);
    expect(Number(fk?.foreign_keys)).toBe(1);
    expect(journal?.journal_mode).toBe("wal");
  });
});
