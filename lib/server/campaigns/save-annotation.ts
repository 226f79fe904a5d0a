import "server-only";
import { judgmentSchema, llmLabelVisible, phaseAllowed, type Judgment } from "@/lib/domain/campaigns/judgment";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { nuggetReviewSchema, reviewMismatch } from "@/lib/domain/nuggets/nugget-review";
import { screenPreferenceSchema, storedPreference } from "@/lib/domain/preferences/judgment";
import { assignmentMismatch, assignmentsSchema } from "@/lib/domain/task-types/nugget-assignment";
import { unreachable } from "@/lib/domain/task-types/task-type";
import type { LlmLabel, SaveAnnotation, SavedAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { annotatorItemState, writeAnnotationVersion } from "../db/annotations";
import { lockAnnotator, markSubmitted, takeOpenSeatAway, takeSeatOfItem, type Seat } from "../db/assignments";
import { humanJudgeForItem, humanJudgeOf, labelOfItem, upsertAssignmentLabels, upsertItemLabel } from "../db/labels";
import { withTransaction, type Tx } from "../db/transactions";
import { AppError } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { annotatorCampaign } from "./campaign-access";
import type { CampaignRecord } from "../db/campaign-record";
import { heldClaim } from "./claim-token";
import { describeLlmLabel } from "../items/llm-label";

/**
 * Stores one save of an annotator's label, exactly once:
 * - `clientId` names the save: a retried save that was already stored returns the stored result;
 * - `version` is the version the save writes: 1 creates the label, n + 1 replaces version n, and
 *   anything else is a stale save, refused with a conflict so it never overwrites a newer label;
 * - the item must be the annotator's: a seat they hold, or one they held (a skipped seat, or one
 *   whose lease expired and passed to someone else, proved by the item's claim token), taken back
 *   only while the item still has a free seat, so the overlap is never exceeded; an item the
 *   annotator never held takes no label;
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
  const { stored, judgment, assigned } = await checkPayload(campaign, itemId, save.payload);
  const held = await heldClaim(campaign.id, itemId, user.id, save.claim);
  return withTransaction(async (tx) => {
    await lockAnnotator(tx, campaign.id, user.id); // two tabs saving at once: the second sees the first
    const state = await annotatorItemState(tx, {
      clientId: save.clientId,
      campaignId: campaign.id,
      userId: user.id,
      itemId,
    });
    const { byClientId } = state;
    if (byClientId) {
      if (byClientId.itemId !== itemId || byClientId.userId !== user.id || byClientId.phase !== save.phase) {
        throw new AppError("invalid", "This save id was already used for another label");
      }
      return answer(tx, campaign, itemId, save); // a retry of a save that is stored
    }
    await holdSeat(tx, campaign, user.id, itemId, state.seat, held, now);
    if (!phaseAllowed(campaign.protocol, save.phase, state.labels.has("blind"))) {
      throw new AppError(
        "invalid",
        save.phase === "revised"
          ? "Commit the blind label before revising it"
          : `A ${save.phase} label does not fit this campaign's protocol`,
      );
    }
    await writeAnnotationVersion(tx, user.id, itemId, save, JSON.stringify(stored), state.labels.get(save.phase), now);
    await markSubmitted(tx, campaign.id, itemId, user.id, now);
    const revised = state.labels.has("revised");
    if (judgment && !(save.phase === "blind" && campaign.protocol === "blind_then_reveal" && revised))
      await writeFinalLabel(tx, campaign, user, itemId, judgment, now);
    if (assigned && !(save.phase === "blind" && campaign.protocol === "blind_then_reveal" && revised))
      await upsertAssignmentLabels(tx, {
        ...assigned,
        studyId: campaign.studyId,
        judgeId: await humanJudgeOf(tx, campaign.studyId, user),
        scale: campaign.scale.id,
        createdAt: now,
      });
    return answer(tx, campaign, itemId, save);
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
): Promise<{ stored: object; judgment: Judgment | null; assigned?: Assigned }> {
  const payload = "taskType" in sent ? sent : { ...sent, taskType: campaign.taskType }; // a save queued before payloads named their type
  if (payload.taskType !== campaign.taskType)
    throw new AppError("invalid", `Invalid label: a ${payload.taskType} label for a ${campaign.taskType} campaign`);
  const { taskType, ...body } = payload;
  switch (taskType) {
    case "support":
    case "relevance":
    case "citation_support": {
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
          query: {
            select: {
              nuggets: {
                where: { setId: campaign.nuggetSetId ?? -1 },
                orderBy: { position: "asc" },
                select: { externalId: true },
              },
            },
          },
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
    case "nugget_assignment":
      return checkAssignments(campaign, itemId, parseOrThrow(assignmentsSchema, body, "assignment"));
    default:
      return unreachable(taskType);
  }
}

/** A nugget assignment's labels: the answer's question and system, and each nugget's level by its row id. */
type Assigned = { queryId: number; systemId: number; values: { nuggetId: number; value: string }[] };

/** An assignment of exactly the item's kept nuggets, with the labels it makes (the annotator's, on "na:" targets). */
async function checkAssignments(
  campaign: CampaignRecord,
  itemId: number,
  sent: { assignments: Record<string, string> },
): Promise<{ stored: object; judgment: null; assigned: Assigned }> {
  const db = await getDb();
  const item = await db.item.findFirst({
    where: { id: itemId, campaignId: campaign.id },
    select: {
      nuggets: true,
      queryId: true,
      responseA: { select: { systemId: true } },
      query: { select: { nuggets: { select: { id: true, externalId: true } } } },
    },
  });
  if (!item || !item.responseA || item.queryId === null) throw new AppError("not_found", "Item not found");
  const ids = parseNuggetList(item.nuggets)?.nuggets.map((n) => n.id) ?? [];
  const mismatch = assignmentMismatch(sent.assignments, ids);
  if (mismatch) throw new AppError("invalid", `Invalid assignment: ${mismatch}`);
  const rowId = new Map(item.query?.nuggets.map((n) => [n.externalId, n.id]) ?? []);
  return {
    stored: sent,
    judgment: null,
    assigned: {
      queryId: item.queryId,
      systemId: item.responseA.systemId,
      // a nugget removed from the question since the campaign started keeps no label
      values: ids.flatMap((id) => (rowId.has(id) ? [{ nuggetId: rowId.get(id)!, value: sent.assignments[id]! }] : [])),
    },
  };
}

/**
 * The annotator's seat on the item (`seat`, as read under their lock), or, when they held one that
 * has since passed to someone else (`held`: their claim token), a free one taken for them.
 */
async function holdSeat(
  tx: Tx,
  campaign: CampaignRecord,
  userId: number,
  itemId: number,
  seat: Seat | null,
  held: boolean,
  now: Date,
) {
  if (seat?.status === "leased" || seat?.status === "submitted") return;
  if (seat?.status === "skipped") {
    // Labelling an item after skipping it: its replacement seat must still be free.
    if (await takeOpenSeatAway(tx, itemId)) return;
  } else if (!held) {
    throw new AppError("not_found", "Item not found");
  } else if (await takeSeatOfItem(tx, campaign.id, userId, itemId, now)) {
    return;
  }
  throw new AppError(
    "conflict",
    seat
      ? "Other annotators have labelled this item since you skipped it; your label was not stored"
      : "This item is not assigned to you (your hold on it may have expired and passed to another annotator)",
  );
}

/**
 * The annotator's final label on the item's target (the caller skips a blind label that a revision
 * already replaced: the revision is final).
 */
async function writeFinalLabel(
  tx: Tx,
  campaign: CampaignRecord,
  user: UserDto,
  itemId: number,
  judgment: Judgment,
  now: Date,
) {
  const judgeId = await humanJudgeForItem(tx, campaign.studyId, user, itemId);
  if (judgeId === null) return; // a gold item, before the annotator's first label
  await upsertItemLabel(tx, {
    studyId: campaign.studyId,
    judgeId,
    itemId,
    scale: campaign.scale.id,
    value: judgment.level,
    createdAt: now,
  });
}

async function answer(
  tx: Tx,
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
    llm: visible ? await llmLabelOf(tx, campaign, itemId) : null,
  };
}

/** The campaign's LLM label on an item (only ever called once the protocol allows showing it). */
async function llmLabelOf(tx: Tx, campaign: CampaignRecord, itemId: number): Promise<LlmLabel | null> {
  if (!campaign.llmJudge) return null;
  return describeLlmLabel(campaign.llmJudge.name, (await labelOfItem(tx, campaign.llmJudge.id, itemId)) ?? undefined);
}
