import "server-only";
import { AppError } from "../errors";
import type { CampaignAnnotation } from "@/lib/domain/label-sources";
import { nullableId } from "./ids";
import { readRows, sqlOf, type Tx } from "./sql-connection";

/** A stored save, found by its client id. */
export type StoredSave = {
  id: number;
  clientId: string;
  version: number;
  itemId: number;
  userId: number;
  phase: string;
};

export async function annotationByClientId(tx: Tx, clientId: string): Promise<StoredSave | null> {
  const [row] = await sqlOf(tx).query<StoredSave>(
    `SELECT "id", "clientId", "version", "itemId", "userId", "phase" FROM "Annotation" WHERE "clientId" = ?`,
    [clientId],
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        version: Number(row.version),
        itemId: Number(row.itemId),
        userId: Number(row.userId),
      }
    : null;
}

/** Whether the annotator has a label of this phase on the item. */
export async function hasAnnotation(tx: Tx, itemId: number, userId: number, phase: string): Promise<boolean> {
  const [row] = await sqlOf(tx).query(
    `SELECT "id" FROM "Annotation" WHERE "itemId" = ? AND "userId" = ? AND "phase" = ?`,
    [itemId, userId, phase],
  );
  return row !== undefined;
}

/**
 * Writes version `save.version` of the annotator's label of this phase: 1 creates it, n + 1
 * replaces version n (the time spent adds up); anything else is a stale save, refused with a
 * conflict that says the version stored.
 */
export async function writeAnnotationVersion(
  tx: Tx,
  userId: number,
  itemId: number,
  save: {
    phase: string;
    version: number;
    clientId: string;
    comment: string | null;
    startedAt: string;
    durationMs: number;
  },
  payload: string,
  now: Date,
): Promise<void> {
  const sql = sqlOf(tx);
  const [current] = await sql.query<{ id: number; version: number }>(
    `SELECT "id", "version" FROM "Annotation" WHERE "itemId" = ? AND "userId" = ? AND "phase" = ?`,
    [itemId, userId, save.phase],
  );
  const ts = sql.timestamp(now);
  if (!current && save.version === 1) {
    await sql.query(
      `INSERT INTO "Annotation" ("itemId", "userId", "phase", "payload", "comment", "clientId", "version", "durationMs", "startedAt", "submittedAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      [
        itemId,
        userId,
        save.phase,
        payload,
        save.comment,
        save.clientId,
        save.durationMs,
        sql.timestamp(new Date(save.startedAt)),
        ts,
        ts,
      ],
    );
    return;
  }
  if (current && save.version === Number(current.version) + 1) {
    const updated = await sql.query(
      `UPDATE "Annotation" SET "payload" = ?, "comment" = ?, "clientId" = ?, "version" = ?, "durationMs" = "durationMs" + ?, "submittedAt" = ?, "updatedAt" = ? WHERE "id" = ? AND "version" = ? RETURNING "id"`,
      [payload, save.comment, save.clientId, save.version, save.durationMs, ts, ts, current.id, current.version],
    );
    if (updated.length === 1) return;
  }
  throw new AppError(
    "conflict",
    current
      ? `This label was changed in another tab or window (it is at version ${current.version}); reload the item to see the latest before editing`
      : "This label no longer exists; reload the item",
    { version: current ? Number(current.version) : 0 },
  );
}

/** Every annotation of a campaign with its item's target, as the campaign's majority reads them. */
export async function campaignAnnotations(campaignId: number): Promise<CampaignAnnotation[]> {
  const rows = await readRows<{
    targetKey: string;
    queryId: unknown;
    nuggetId: unknown;
    userId: unknown;
    phase: string;
    payload: string;
  }>(
    `SELECT i."targetKey" AS "targetKey", i."queryId" AS "queryId", i."nuggetId" AS "nuggetId", a."userId" AS "userId", a."phase" AS "phase", a."payload" AS "payload"
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."campaignId" = ?`,
    [campaignId],
  );
  return rows.map((r) => ({
    ...r,
    queryId: nullableId(r.queryId),
    nuggetId: nullableId(r.nuggetId),
    userId: Number(r.userId),
  }));
}

/** How many annotations each campaign of a study has, by campaign id. */
export async function annotationCountsByCampaign(studyId: number): Promise<Map<number, number>> {
  const rows = await readRows<{ campaignId: unknown; annotations: unknown }>(
    `SELECT i."campaignId" AS "campaignId", COUNT(*) AS "annotations" FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId"
       JOIN "Campaign" c ON c."id" = i."campaignId" WHERE c."studyId" = ? GROUP BY i."campaignId"`,
    [studyId],
  );
  return new Map(rows.map((r) => [Number(r.campaignId), Number(r.annotations)]));
}
