import "server-only";
import { judgmentSchema, LEASE_MS, llmLabelVisible } from "@/lib/domain/campaigns/judgment";
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
    include: { item: { include: { query: true, nugget: true, document: true } } },
  });
  if (!seat || !seat.item.document || !seat.item.query) throw notFound("Item not found");
  if (seat.status === "leased") {
    await db.assignment.updateMany({ where: { id: seat.id, userId: user.id, status: "leased" }, data: { leaseExpiresAt: new Date(now.getTime() + LEASE_MS) } });
  }
  const annotations = await db.annotation.findMany({ where: { itemId, userId: user.id }, orderBy: { id: "asc" } });
  const level = judgmentSchema(campaign.scale);
  const mine = annotations.map((a) => ({
    phase: a.phase as WorkspaceItem["mine"][number]["phase"],
    level: level.parse(JSON.parse(a.payload)).level,
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
  const doc = item.document!;
  const chunk = await renderChunk(doc.text, doc.language);
  return {
    itemId,
    status: seat.status as WorkspaceItem["status"],
    question: { id: item.query!.externalId, title: item.query!.title, bodyHtml: await renderMarkdown(item.query!.body) },
    nugget: item.nugget ? { id: item.nugget.externalId, position: item.nugget.position, text: item.nugget.text } : null,
    document: { id: doc.externalId, title: doc.title, repo: doc.repo, path: doc.path, language: doc.language, html: chunk.html, lines: chunk.lines },
    mine,
    llm,
  };
}
