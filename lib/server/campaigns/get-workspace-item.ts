import "server-only";
import { randomBytes } from "node:crypto";
import { LEASE_MS, llmLabelVisible } from "@/lib/domain/campaigns/judgment";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { NUGGET_ASSIGNMENTS, storedImportance, type NuggetAssignment } from "@/lib/domain/nugget-scores/nugget-scores";
import { nuggetAnswerKey } from "@/lib/domain/targets";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { itemContent, renderedAnswers } from "../items/item-content";
import { notFound } from "../errors";
import type { PassageDisplay } from "@/lib/domain/passages/passage-kind";
import { renderMarkdown } from "../render/markdown";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";
import { describeLlmLabel } from "../items/llm-label";
import { claimTokenOf } from "./claim-token";

/**
 * One of the annotator's items with its target and chunk rendered on the server (a nugget review
 * shows the nugget list the campaign started with), their own labels,
 * and the LLM's label only when the protocol allows it. Viewing a leased item renews the lease.
 * Items the user holds no seat on are not-found.
 */
export async function getWorkspaceItem(
  user: UserDto,
  campaignId: number,
  itemId: number,
  now = new Date(),
): Promise<WorkspaceItem> {
  const campaign = await annotatorCampaign(user, campaignId);
  const db = await getDb();
  const seat = await db.assignment.findFirst({
    where: { campaignId: campaign.id, itemId, userId: user.id },
    include: {
      item: {
        include: {
          query: {
            include: { nuggets: { where: { setId: campaign.nuggetSetId ?? -1 }, orderBy: { position: "asc" } } },
          },
          nugget: true,
          document: true,
        },
      },
    },
  });
  if (!seat || !seat.item.query) throw notFound("Item not found");
  const task = TASK_TYPES[campaign.taskType];
  if (seat.status === "leased") {
    await db.assignment.updateMany({
      where: { id: seat.id, userId: user.id, status: "leased" },
      data: { leaseExpiresAt: new Date(now.getTime() + LEASE_MS) },
    });
  }
  const annotations = await db.annotation.findMany({ where: { itemId, userId: user.id }, orderBy: { id: "asc" } });
  const mine = annotations.map((a) => ({
    phase: a.phase as WorkspaceItem["mine"][number]["phase"],
    ...task.savedView(JSON.parse(a.payload), campaign.scale),
    comment: a.comment,
    version: a.version,
    clientId: a.clientId,
    submittedAt: a.submittedAt.toISOString(),
  }));
  const hasBlind = mine.some((a) => a.phase === "blind");
  const { item } = seat;
  const shown = campaign.llmJudge !== null && llmLabelVisible(campaign.protocol, hasBlind);
  const llm =
    shown && task.unit !== "answer" && campaign.llmJudge
      ? describeLlmLabel(
          campaign.llmJudge.name,
          await db.label.findUnique({
            where: { judgeId_targetKey: { judgeId: campaign.llmJudge.id, targetKey: item.targetKey } },
          }),
        )
      : null;
  const query = item.query!;
  const display = campaign.passageDisplay;
  const content = await itemContent(campaign, item);
  return {
    ...content,
    claim: await claimTokenOf(campaign.id, itemId, user.id),
    status: seat.status as WorkspaceItem["status"],
    question: {
      ...content.question,
      answerHtml: task.shows.answer && query.answer ? await renderMarkdown(query.answer) : null,
    },
    nuggets: task.shows.nuggetList ? reviewedNuggets(item.nuggets, query.nuggets) : [],
    comparison:
      task.shows.responses && item.responseAId !== null && item.responseBId !== null
        ? await comparisonView([item.responseAId, item.responseBId], seat.swapSides, await sidesTokenOf(seat), display)
        : null,
    mine,
    llm,
    llmAssignments:
      shown && task.unit === "answer" && campaign.llmJudge && item.responseAId !== null
        ? await llmAssignmentsOf(campaign.llmJudge, item.responseAId, item.nuggets, query.nuggets)
        : null,
  };
}

/** The campaign LLM's assignment of each of the item's kept nuggets in its answer (a nugget it did not assign is left out). */
async function llmAssignmentsOf(
  judge: { id: number; name: string },
  responseId: number,
  kept: string | null,
  current: readonly { id: number; externalId: string }[],
): Promise<NonNullable<WorkspaceItem["llmAssignments"]>> {
  const db = await getDb();
  const { systemId } = await db.response.findUniqueOrThrow({ where: { id: responseId }, select: { systemId: true } });
  const rowId = new Map(current.map((n) => [n.externalId, n.id]));
  const ids = (parseNuggetList(kept)?.nuggets ?? []).flatMap((n) =>
    rowId.has(n.id) ? [[n.id, rowId.get(n.id)!] as const] : [],
  );
  const labels = await db.label.findMany({
    where: { judgeId: judge.id, targetKey: { in: ids.map(([, row]) => nuggetAnswerKey(row, systemId)) } },
    select: { targetKey: true, value: true },
  });
  const byKey = new Map(labels.map((l) => [l.targetKey, l.value]));
  const levels = Object.fromEntries(
    ids.flatMap(([id, row]) => {
      const value = byKey.get(nuggetAnswerKey(row, systemId));
      return value && (NUGGET_ASSIGNMENTS as readonly string[]).includes(value)
        ? [[id, value as NuggetAssignment]]
        : [];
    }),
  );
  return { judge: judge.name, levels };
}

/**
 * The two answers in the order this seat shows them (B first when its sides are swapped), each
 * rendered with the passages its [n] markers cite. Nothing that names or identifies a system.
 */
async function comparisonView(
  responseIds: [number, number],
  swapped: boolean,
  sides: string,
  display: PassageDisplay,
): Promise<NonNullable<WorkspaceItem["comparison"]>> {
  return { sides, responses: await renderedAnswers(swapped ? [responseIds[1], responseIds[0]] : responseIds, display) };
}

/** The seat's random order token, made the first time the seat's item is shown (see saveAnnotation). */
async function sidesTokenOf(seat: { id: number; sidesToken: string | null }): Promise<string> {
  if (seat.sidesToken) return seat.sidesToken;
  const db = await getDb();
  await db.assignment.updateMany({
    where: { id: seat.id, sidesToken: null },
    data: { sidesToken: randomBytes(16).toString("hex") },
  });
  return (await db.assignment.findUniqueOrThrow({ where: { id: seat.id }, select: { sidesToken: true } })).sidesToken!;
}

/**
 * The nuggets an item's annotators review: the list the campaign kept, each with the importance it
 * kept (a list kept before importance was takes the question's current one), or for an item made
 * before lists were kept, the question's current nuggets.
 */
function reviewedNuggets(
  kept: string | null,
  current: readonly { externalId: string; position: number; text: string; importance: string | null }[],
): WorkspaceItem["nuggets"] {
  const now = new Map(current.map((n) => [n.externalId, storedImportance(n.importance)]));
  const list = parseNuggetList(kept)?.nuggets;
  if (list)
    return list.map((n) => ({ ...n, importance: n.importance === undefined ? (now.get(n.id) ?? null) : n.importance }));
  return current.map((n) => ({
    id: n.externalId,
    position: n.position,
    text: n.text,
    importance: now.get(n.externalId)!,
  }));
}
