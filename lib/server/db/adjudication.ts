import "server-only";
import type { CampaignAnnotation } from "@/lib/domain/label-sets/derive-labels";
import { nullableId } from "./ids";
import { upsertMany } from "./bulk-sql";
import { readRows, type Tx } from "./sql-connection";
import { dbTimestamp } from "./transactions";

/** An annotation of a campaign item as adjudication reads it: with its item, position and comment. */
export type AdjudicationAnnotation = CampaignAnnotation & { itemId: number; position: number; comment: string | null };

/** Every annotation of a campaign's items, in item order (one read, for the queue and the adjudicated set). */
export async function adjudicationAnnotations(campaignId: number): Promise<AdjudicationAnnotation[]> {
  const rows = await readRows<{
    itemId: unknown;
    position: unknown;
    targetKey: string;
    queryId: unknown;
    nuggetId: unknown;
    userId: unknown;
    phase: string;
    payload: string;
    comment: string | null;
  }>(
    `SELECT i."id" AS "itemId", i."position" AS "position", i."targetKey" AS "targetKey", i."queryId" AS "queryId",
            i."nuggetId" AS "nuggetId", a."userId" AS "userId", a."phase" AS "phase", a."payload" AS "payload", a."comment" AS "comment"
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."campaignId" = ? ORDER BY i."position", a."id"`,
    [campaignId],
  );
  return rows.map((r) => ({
    ...r,
    itemId: Number(r.itemId),
    position: Number(r.position),
    queryId: nullableId(r.queryId),
    nuggetId: nullableId(r.nuggetId),
    userId: Number(r.userId),
  }));
}

/** A campaign's decisions: each decided item's final level. */
export async function campaignDecisions(campaignId: number): Promise<Map<number, string>> {
  const rows = await readRows<{ itemId: unknown; level: string }>(
    `SELECT d."itemId" AS "itemId", d."level" AS "level" FROM "Decision" d JOIN "Item" i ON i."id" = d."itemId" WHERE i."campaignId" = ?`,
    [campaignId],
  );
  return new Map(rows.map((r) => [Number(r.itemId), r.level]));
}

/** A decision as stored: `seen` and `llm` are JSON text (prisma/models.prisma, Decision). */
export type DecisionRow = {
  itemId: number;
  userId: number;
  level: string;
  reason: string | null;
  seen: string;
  llm: string | null;
  decidedAt: Date;
};

/** Stores decisions, each replacing the item's earlier one (a decision and a bundle's import). */
export async function upsertDecisions(tx: Tx, decisions: readonly DecisionRow[]): Promise<void> {
  const columns = ["itemId", "userId", "level", "reason", "seen", "llm", "decidedAt"] as const;
  await upsertMany(
    tx,
    { table: "Decision", columns, conflict: ["itemId"], update: columns.slice(1) },
    decisions.map((d) => [d.itemId, d.userId, d.level, d.reason, d.seen, d.llm, dbTimestamp(tx, d.decidedAt)]),
  );
}
