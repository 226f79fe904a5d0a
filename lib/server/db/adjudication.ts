import "server-only";
import type { CampaignAnnotation } from "@/lib/domain/label-sets/derive-labels";
import { perNuggetOf } from "./annotations";
import { nullableId } from "./ids";
import { upsertMany } from "./bulk-sql";
import { readRows, type Tx } from "./sql-connection";
import { dbTimestamp } from "./transactions";

/** An annotation of a campaign item as adjudication reads it: with its item, position and comment. */
export type AdjudicationAnnotation = CampaignAnnotation & { itemId: number; position: number; comment: string | null };

/**
 * Every annotation of a campaign's items, in item order (one read, for the queue and the
 * adjudicated set); a nugget assignment's as one per nugget of its answer (perNuggetOf).
 */
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
  return perNuggetOf(
    campaignId,
    rows.map((r) => ({
      ...r,
      itemId: Number(r.itemId),
      position: Number(r.position),
      queryId: nullableId(r.queryId),
      nuggetId: nullableId(r.nuggetId),
      userId: Number(r.userId),
    })),
  );
}

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
