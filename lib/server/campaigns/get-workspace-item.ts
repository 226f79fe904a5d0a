import "server-only";
import { judgmentSchema, LEASE_MS, llmLabelVisible } from "@/lib/domain/campaigns/judgment";
import { nuggetReviewSchema } from "@/lib/domain/nuggets/nugget-review";
import type { WorkspaceItem } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import { renderChunk } from "../render/render-chunk";
import { renderMarkdown } from "../render/markdown";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";
import { describeLlmLabel } from "./llm-label";

/**
 * One of the annotator's items with its target and chunk rendered on the server, their own labels,
 * and the LLM's label only when the protocol allows it. Viewing a leased item renews the lease.
 * Items the user holds no seat on are not-found.
 */
export async function getWorkspaceItem(user: UserDto, campaignId: number, itemId: number, now = new Date()): Promise<WorkspaceItem> {
  const campaign = await annotatorCampaign(user, campaignId);
  const db = await getDb();
  const seat = await db.assignment.findFirst({
    where: { campaignId: campaign.id, itemId, userId: user.id },
    include: { item: { include: { query: { include: { nuggets: { orderBy: { position: "asc" } } } }, nugget: true, document: true } } },
  });
  if (!seat || !seat.item.query) throw notFound("Item not found");
  const reviewing = campaign.taskType === "nugget_quality";
  if (seat.status === "leased") {
    await db.assignment.updateMany({ where: { id: seat.id, userId: user.id, status: "leased" }, data: { leaseExpiresAt: new Date(now.getTime() + LEASE_MS) } });
  }
  const annotations = await db.annotation.findMany({ where: { itemId, userId: user.id }, orderBy: { id: "asc" } });
  const level = judgmentSchema(campaign.scale);
  const mine = annotations.map((a) => ({
    phase: a.phase as WorkspaceItem["mine"][number]["phase"],
    level: reviewing ? null : level.parse(JSON.parse(a.payload)).level,
    review: reviewing ? nuggetReviewSchema.parse(JSON.parse(a.payload)) : null,
    comment: a.comment,
    version: a.version,
    clientId: a.clientId,
    submittedAt: a.submittedAt.toISOString(),
  }));
  const hasBlind = mine.some((a) => a.phase === "blind");
  const { item } = seat;
  const llm =
    campaign.llmJudge && llmLabelVisible(campaign.protocol, hasBlind)
      ? describeLlmLabel(campaign.llmJudge.name, await db.label.findUnique({ where: { judgeId_targetKey: { judgeId: campaign.llmJudge.id, targetKey: item.targetKey } } }))
      : null;
  const query = item.query!;
  return {
    itemId,
    status: seat.status as WorkspaceItem["status"],
    question: { id: query.externalId, title: query.title, bodyHtml: await renderMarkdown(query.body), answerHtml: reviewing && query.answer ? await renderMarkdown(query.answer) : null },
    nugget: item.nugget ? { id: item.nugget.externalId, position: item.nugget.position, text: item.nugget.text } : null,
    nuggets: reviewing ? query.nuggets.map((n) => ({ id: n.externalId, position: n.position, text: n.text })) : [],
    document: item.document ? await documentView(item.document) : null,
    mine,
    llm,
  };
}

async function documentView(doc: { externalId: string; title: string; repo: string | null; path: string | null; language: string | null; text: string }): Promise<NonNullable<WorkspaceItem["document"]>> {
  const chunk = await renderChunk(doc.text, doc.language);
  return { id: doc.externalId, title: doc.title, repo: doc.repo, path: doc.path, language: doc.language, html: chunk.html, lines: chunk.lines };
}
