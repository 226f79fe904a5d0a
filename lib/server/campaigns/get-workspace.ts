import "server-only";
import type { Workspace } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { renderMarkdown } from "../render/markdown";
import type { UserDto } from "../users/user-dto";
import { annotatorCampaign } from "./campaign-access";

/** The annotator's workspace frame: the campaign's guidelines and scale, their items in order, and progress. */
export async function getWorkspace(user: UserDto, campaignId: number): Promise<Workspace> {
  const campaign = await annotatorCampaign(user, campaignId);
  const db = await getDb();
  const [items, mine, submitted, target] = await Promise.all([
    db.assignment.findMany({
      where: { campaignId: campaign.id, userId: user.id },
      orderBy: { position: "asc" },
      select: { itemId: true, status: true },
    }),
    db.assignment.count({ where: { campaignId: campaign.id, userId: user.id, status: "submitted" } }),
    db.assignment.count({ where: { campaignId: campaign.id, status: "submitted" } }),
    db.assignment.count({ where: { campaignId: campaign.id, status: { in: ["open", "leased", "submitted"] } } }),
  ]);
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      taskType: campaign.taskType,
      protocol: campaign.protocol,
      guidelinesHtml: await renderMarkdown(campaign.guidelines),
      criteria: campaign.criteria,
      scale: { name: campaign.scale.name, levels: campaign.scale.levels },
      status: campaign.status,
    },
    progress: { mine, campaignSubmitted: submitted, campaignTarget: target },
    items: items.map((i) => ({ itemId: i.itemId, status: i.status as Workspace["items"][number]["status"] })),
  };
}
