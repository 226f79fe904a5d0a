import "server-only";
import { AppError } from "../errors";
import { perNuggetAnnotations, type CampaignAnnotation } from "@/lib/domain/label-sets/derive-labels";
import { TARGET_PREFIX } from "@/lib/domain/targets";
import type { Seat } from "./assignments";
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

/** The annotator's label of one phase on an item: which row, at which version. */
export type StoredLabel = { id: number; version: number };

/**
 * What a save must know before it writes, read in one statement (it runs on every save, under the
 * annotator's lock): the stored save its client id names, if any; the annotator's seat on the item;
 * and their labels on the item by phase.
 */
export type AnnotatorItemState = {
  byClientId: StoredSave | null;
  seat: Seat | null;
  labels: Map<string, StoredLabel>;
};

export async function annotatorItemState(
  tx: Tx,
  o: { clientId: string; campaignId: number; userId: number; itemId: number },
): Promise<AnnotatorItemState> {
  const rows = await sqlOf(tx).query<{
    kind: "save" | "seat" | "label";
    id: number;
    version: number | null;
    itemId: number;
    userId: number;
    state: string;
  }>(
    `SELECT 'save' AS "kind", "id", "version", "itemId", "userId", "phase" AS "state" FROM "Annotation" WHERE "clientId" = ?
     UNION ALL
     SELECT 'seat', "id", NULL, "itemId", "userId", "status" FROM "Assignment" WHERE "campaignId" = ? AND "userId" = ? AND "itemId" = ?
     UNION ALL
     SELECT 'label', "id", "version", "itemId", "userId", "phase" FROM "Annotation" WHERE "itemId" = ? AND "userId" = ?`,
    [o.clientId, o.campaignId, o.userId, o.itemId, o.itemId, o.userId],
  );
  const state: AnnotatorItemState = { byClientId: null, seat: null, labels: new Map() };
  for (const row of rows) {
    const id = Number(row.id);
    if (row.kind === "save")
      state.byClientId = {
        id,
        clientId: o.clientId,
        version: Number(row.version),
        itemId: Number(row.itemId),
        userId: Number(row.userId),
        phase: row.state,
      };
    else if (row.kind === "seat") state.seat = { id, status: row.state as Seat["status"] };
    else state.labels.set(row.state, { id, version: Number(row.version) });
  }
  return state;
}

/**
 * Writes version `save.version` of the annotator's label of this phase: 1 creates it, n + 1
 * replaces version n (the time spent adds up); anything else is a stale save, refused with a
 * conflict that says the version stored. `current` is the annotator's label of this phase as read
 * under their lock (annotatorItemState); the update checks its version again.
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
  current: StoredLabel | undefined,
  now: Date,
): Promise<void> {
  const sql = sqlOf(tx);
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

/** An annotation of a campaign as its reports and its adjudication read it: with its item, position and comment. */
export type ItemAnnotation = CampaignAnnotation & { itemId: number; position: number; comment: string | null };

/**
 * Every annotation of a campaign's sampled items (gold items' are left out: they make no labels)
 * with its item's target, in item order, as the campaign's majority, Dawid-Skene and adjudication
 * read them: a nugget assignment's as one per nugget of its answer (perNuggetAnnotations).
 */
export async function campaignAnnotations(campaignId: number): Promise<ItemAnnotation[]> {
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
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" WHERE i."campaignId" = ? AND i."goldLevel" IS NULL
      ORDER BY i."position", a."id"`,
    [campaignId],
  );
  const annotations = rows.map((r) => ({
    ...r,
    itemId: Number(r.itemId),
    position: Number(r.position),
    queryId: nullableId(r.queryId),
    nuggetId: nullableId(r.nuggetId),
    userId: Number(r.userId),
  }));
  return perNuggetOf(campaignId, annotations);
}

/** A campaign's annotations, a nugget assignment's as one per nugget of its answer (perNuggetAnnotations); the others as they are. */
export async function perNuggetOf<A extends CampaignAnnotation>(campaignId: number, annotations: A[]): Promise<A[]> {
  if (!annotations.some((a) => a.targetKey.startsWith(TARGET_PREFIX.answer))) return annotations;
  const nuggets = await readRows<{ id: unknown; externalId: string }>(
    `SELECT n."id", n."externalId" FROM "Nugget" n JOIN "Campaign" c ON c."studyId" = n."studyId" WHERE c."id" = ?`,
    [campaignId],
  );
  return perNuggetAnnotations(annotations, new Map(nuggets.map((n) => [n.externalId, Number(n.id)])));
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
