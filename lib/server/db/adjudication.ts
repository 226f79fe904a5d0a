import "server-only";
import { upsertMany } from "./bulk-sql";
import { readRows, type Tx } from "./sql-connection";
import { dbTimestamp } from "./transactions";

/** A campaign's decisions: each decided target's final level, by target key. */
export async function campaignDecisions(campaignId: number): Promise<Map<string, string>> {
  const rows = await readRows<{ targetKey: string; level: string }>(
    `SELECT d."targetKey" AS "targetKey", d."level" AS "level" FROM "Decision" d JOIN "Item" i ON i."id" = d."itemId" WHERE i."campaignId" = ?`,
    [campaignId],
  );
  return new Map(rows.map((r) => [r.targetKey, r.level]));
}

/** A decision as stored: `seen` and `llm` are JSON text (prisma/models.prisma, Decision). */
export type DecisionRow = {
  itemId: number;
  targetKey: string;
  userId: number;
  level: string;
  reason: string | null;
  seen: string;
  llm: string | null;
  decidedAt: Date;
};

/** Stores decisions, each replacing the earlier one on its item's target (a decision and a bundle's import). */
export async function upsertDecisions(tx: Tx, decisions: readonly DecisionRow[]): Promise<void> {
  const columns = ["itemId", "targetKey", "userId", "level", "reason", "seen", "llm", "decidedAt"] as const;
  await upsertMany(
    tx,
    { table: "Decision", columns, conflict: ["itemId", "targetKey"], update: columns.slice(2) },
    decisions.map((d) => [
      d.itemId,
      d.targetKey,
      d.userId,
      d.level,
      d.reason,
      d.seen,
      d.llm,
      dbTimestamp(tx, d.decidedAt),
    ]),
  );
}
