import { afterAll, describe, expect, it } from "vitest";
import { engineUnderTest } from "@/test/db-tier";
import { closeSharedConnections, sqlOf } from "./sql-connection";
import { withLeaseTransaction, withTransaction, type Tx } from "./transactions";

afterAll(closeSharedConnections);

/** How the database will commit the transaction `tx` is in: waiting for the disk, or not. */
async function commitWaitsForDisk(tx: Tx): Promise<boolean> {
  const sql = sqlOf(tx);
  if (sql.dialect === "postgres") {
    const [row] = await sql.query<{ synchronous_commit: string }>("SHOW synchronous_commit");
    return row?.synchronous_commit !== "off";
  }
  const [row] = await sql.query<{ synchronous: unknown }>("PRAGMA synchronous");
  return Number(row?.synchronous) >= 2; // FULL
}

describe(`short transactions on ${engineUnderTest}`, () => {
  it("a label's transaction waits for the disk, a lease's does not, in any order on the shared connection", async () => {
    expect(await withTransaction(commitWaitsForDisk)).toBe(true);
    expect(await withLeaseTransaction(commitWaitsForDisk)).toBe(false);
    expect(await withTransaction(commitWaitsForDisk)).toBe(true);
    expect(await withLeaseTransaction(commitWaitsForDisk)).toBe(false);
    expect(await withLeaseTransaction(commitWaitsForDisk)).toBe(false);
    expect(await withTransaction(commitWaitsForDisk)).toBe(true);
  });
});
