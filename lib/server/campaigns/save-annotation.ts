import "server-only";
import { judgmentSchema, llmLabelVisible, phaseAllowed, type Judgment } from "@/lib/domain/campaigns/judgment";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { nuggetReviewSchema, reviewMismatch } from "@/lib/domain/nuggets/nugget-review";
import { screenPreferenceSchema, storedPreference } from "@/lib/domain/preferences/judgment";
import { unreachable } from "@/lib/domain/task-types/task-type";
import type { LlmLabel, SaveAnnotation, SavedAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { withTransaction, type SqlConnection } from "../db/sql-connection";
import { AppError } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { annotatorCampaign, type CampaignRecord } from "./campaign-access";
import { describeLlmLabel } from "./llm-label";
import { lockAnnotator, seatOf, takeSeatOfItem } from "./seats";

type Stored = { id: number; clientId: string; version: number; itemId: number; userId: number; phase: string };

/**
 * Stores one save of an annotator's label, exactly once:
 * - `clientId` names the save: a retried save that was already stored returns the stored result;
 * - `version` is the version the save writes: 1 creates the label, n + 1 replaces version n, and
 *   anything else is a stale save, refused with a conflict so it never overwrites a newer label;
 * - the item must be the annotator's (a seat they hold; a lost or skipped seat is taken back only
 *   while the item still has a free one, so the overlap is never exceeded);
 * - for support and relevance, the final label (the revised one when it exists) is also the
 *   annotator's Label on the target, which the agreement reports read (a nugget review stays an
 *   annotation; its report reads annotations). Under blind then reveal the answer carries the LLM's label.
 */
export async function saveAnnotation(
  user: UserDto,
  campaignId: number,
  itemId: number,
  save: SaveAnnotation,
  now = new Date(),
): Promise<SavedAnnotation> {
  const campaign = await annotatorCampaign(user, campaignId);
  // a paused campaign still takes the labels of items in hand; a closed one takes nothing
  if (campaign.status !== "active" && campaign.status !== "paused")
    throw new AppError("conflict", "This campaign is closed; labels can no longer be changed");
  const { stored, judgment } = await checkPayload(campaign, itemId, save.payload);
  return withTransaction(async (sql) => {
    await lockAnnotator(sql, campaign.id, user.id); // two tabs saving at once: the second sees the first
    const [byClientId] = await sql.query<Stored>(
      `SELECT "id", "clientId", "version", "itemId", "userId", "phase" FROM "Annotation" WHERE "clientId" = ?`,
      [save.clientId],
    );
    if (byClientId) {
      if (
        Number(byClientId.itemId) !== itemId ||
        Number(byClientId.userId) !== user.id ||
        byClientId.phase !== save.phase
      ) {
        throw new AppError("invalid", "This save id was already used for another label");
      }
      return answer(sql, campaign, itemId, save); // a retry of a save that is stored
    }
    await holdSeat(sql, campaign, user.id, itemId, now);
    const [blind] = await sql.query<{ id: number }>(
      `SELECT "id" FROM "Annotation" WHERE "itemId" = ? AND "userId" = ? AND "phase" = 'blind'`,
      [itemId, user.id],
    );
    if (!phaseAllowed(campaign.protocol, save.phase, blind !== undefined)) {
      throw new AppError(
        "invalid",
        save.phase === "revised"
          ? "Commit the blind label before revising it"
          : `A ${save.phase} label does not fit this campaign's protocol`,
      );
    }
    await writeVersion(sql, user.id, itemId, save, JSON.stringify(stored), now);
    await sql.query(
      `UPDATE "Assignment" SET "status" = 'submitted', "leaseExpiresAt" = NULL, "submittedAt" = COALESCE("submittedAt", ?) WHERE "campaignId" = ? AND "itemId" = ? AND "userId" = ?`,
      [sql.timestamp(now), campaign.id, itemId, user.id],
    );
    if (judgment) await writeFinalLabel(sql, campaign, user, itemId, judgment, save.phase, now);
    return answer(sql, campaign, itemId, save);
  });
}

/**
 * The payload must fit the campaign's task: a level of its scale (the judgment: it also becomes
 * the annotator's Label on the target), a review of exactly the item's question's nuggets, or a
 * choice on each of the campaign's criteria (stored in terms of systems A and B). Returns what to store.
 */
async function checkPayload(
  campaign: CampaignRecord,
  itemId: number,
  sent: SaveAnnotation["payload"],
): Promise<{ stored: object; judgment: Judgment | null }> {
  const payload = "taskType" in sent ? sent : { ...sent, taskType: campaign.taskType }; // a save queued before payloads named their type
  if (payload.taskType !== campaign.taskType)
    throw new AppError("invalid", `Invalid label: a ${payload.taskType} label for a ${campaign.taskType} campaign`);
  const { taskType, ...body } = payload;
  switch (taskType) {
    case "support":
    case "relevance": {
      const judgment = parseOrThrow(judgmentSchema(campaign.scale), body, "label");
      return { stored: judgment, judgment };
    }
    case "nugget_quality": {
      const review = parseOrThrow(nuggetReviewSchema, body, "review");
      const db = await getDb();
      const item = await db.item.findFirst({
        where: { id: itemId, campaignId: campaign.id },
        select: {
          nuggets: true,
          query: { select: { nuggets: { orderBy: { position: "asc" }, select: { externalId: true } } } },
        },
      });
      // the review covers the list the campaign started with (items made before lists were kept: the current one)
      const ids =
        item &&
        (parseNuggetList(item.nuggets)?.nuggets.map((n) => n.id) ?? item.query?.nuggets.map((n) => n.externalId));
      const mismatch = ids && reviewMismatch(review, ids);
      if (mismatch) throw new AppError("invalid", `Invalid review: ${mismatch}`);
      return { stored: review, judgment: null };
    }
    case "preference": {
      const screen = parseOrThrow(screenPreferenceSchema, body, "preference");
      // the token names the seat whose order the annotator saw (theirs, or one they held before)
      const db = await getDb();
      const seat = await db.assignment.findFirst({
        where: { itemId, campaignId: campaign.id, sidesToken: screen.sides },
        select: { swapSides: true },
      });
      if (!seat)
        throw new AppError(
          "invalid",
          "Invalid preference: the answers were shown in an order this item does not know; reload the item",
        );
      const stored = storedPreference(screen, campaign.criteria, seat.swapSides ? "b" : "a");
      if (typeof stored === "string") throw new AppError("invalid", `Invalid preference: ${stored}`);
      return { stored, judgment: null };
    }
    default:
      return unreachable(taskType);
  }
}

async function holdSeat(sql: SqlConnection, campaign: CampaignRecord, userId: number, itemId: number, now: Date) {
  const seat = await seatOf(sql, campaign.id, userId, itemId);
  if (seat?.status === "leased" || seat?.status === "submitted") return;
  if (seat?.status === "skipped") {
    // Labelling an item after skipping it: its replacement seat must still be free.
    const lock = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
    const freed = await sql.query(
      `DELETE FROM "Assignment" WHERE "id" = (SELECT a."id" FROM "Assignment" a WHERE a."itemId" = ? AND a."userId" IS NULL AND a."status" = 'open' LIMIT 1${lock}) RETURNING "id"`,
      [itemId],
    );
    if (freed.length === 1) return;
  } else if (await takeSeatOfItem(sql, campaign.id, userId, itemId, now)) {
    return;
  }
  throw new AppError(
    "conflict",
    seat
      ? "Other annotators have labelled this item since you skipped it; your label was not stored"
      : "This item is not assigned to you (your hold on it may have expired and passed to another annotator)",
  );
}

async function writeVersion(
  sql: SqlConnection,
  userId: number,
  itemId: number,
  save: SaveAnnotation,
  payload: string,
  now: Date,
) {
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

/** The annotator's final label on the item's target: the revision when there is one. */
async function writeFinalLabel(
  sql: SqlConnection,
  campaign: CampaignRecord,
  user: UserDto,
  itemId: number,
  judgment: Judgment,
  phase: SaveAnnotation["phase"],
  now: Date,
) {
  if (phase === "blind" && campaign.protocol === "blind_then_reveal") {
    const [revised] = await sql.query(
      `SELECT "id" FROM "Annotation" WHERE "itemId" = ? AND "userId" = ? AND "phase" = 'revised'`,
      [itemId, user.id],
    );
    if (revised) return;
  }
  const [judge] = await sql.query<{ id: number }>(
    `INSERT INTO "Judge" ("studyId", "kind", "name", "userId") VALUES (?, 'human', ?, ?) ON CONFLICT ("studyId", "name") DO UPDATE SET "userId" = excluded."userId" RETURNING "id"`,
    [campaign.studyId, user.email, user.id],
  );
  const [item] = await sql.query<{
    targetKey: string;
    queryId: number | null;
    nuggetId: number | null;
    documentId: number | null;
  }>(`SELECT "targetKey", "queryId", "nuggetId", "documentId" FROM "Item" WHERE "id" = ?`, [itemId]);
  if (!judge || !item) throw new Error(`item ${itemId} or its judge vanished inside the transaction`);
  await sql.query(
    `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "documentId", "scale", "value", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ("judgeId", "targetKey") DO UPDATE SET "value" = excluded."value", "scale" = excluded."scale"`,
    [
      campaign.studyId,
      judge.id,
      item.nuggetId === null ? "query_document" : "nugget_document",
      item.targetKey,
      item.queryId,
      item.nuggetId,
      item.documentId,
      campaign.scale.id,
      judgment.level,
      sql.timestamp(now),
    ],
  );
}

async function answer(
  sql: SqlConnection,
  campaign: CampaignRecord,
  itemId: number,
  save: SaveAnnotation,
): Promise<SavedAnnotation> {
  const blindStored = save.phase === "blind" || save.phase === "revised";
  const visible = campaign.llmJudge !== null && llmLabelVisible(campaign.protocol, blindStored);
  return {
    clientId: save.clientId,
    phase: save.phase,
    version: save.version,
    llm: visible ? await llmLabelOf(sql, campaign, itemId) : null,
  };
}

/** The campaign's LLM label on an item (only ever called once the protocol allows showing it). */
async function llmLabelOf(sql: SqlConnection, campaign: CampaignRecord, itemId: number): Promise<LlmLabel | null> {
  if (!campaign.llmJudge) return null;
  const [row] = await sql.query<{ value: string; scale: string }>(
    `SELECT l."value", l."scale" FROM "Label" l JOIN "Item" i ON i."targetKey" = l."targetKey" WHERE l."judgeId" = ? AND i."id" = ?`,
    [campaign.llmJudge.id, itemId],
  );
  return describeLlmLabel(campaign.llmJudge.name, row);
}
