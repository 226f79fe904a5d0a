import "server-only";
import type { AdjudicationQueue } from "@/lib/schemas/adjudication";
import { renderMarkdown } from "../render/markdown";
import type { UserDto } from "../users/user-dto";
import { adjudicatorCampaign } from "./adjudication-access";
import { adjudicationState } from "./adjudication-state";

/**
 * The adjudicator's queue of a campaign (docs/DOMAIN.md, "Adjudication"): the items whose
 * annotators gave different levels (or every labelled item, by the campaign's setting), the
 * strongest disagreement first, each saying whether it is decided; and where the campaign stands.
 */
export async function getAdjudicationQueue(user: UserDto, campaignId: number): Promise<AdjudicationQueue> {
  const campaign = await adjudicatorCampaign(user, campaignId);
  const { every } = campaign.adjudication;
  const state = await adjudicationState(campaign, every);
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      studyName: campaign.studyName,
      taskType: campaign.taskType,
      status: campaign.status,
      scale: campaign.scale,
      guidelinesHtml: await renderMarkdown(campaign.guidelines),
      every,
    },
    counts: state.counts,
    queue: state.queue.map(({ keys, ...q }) => ({ ...q, decided: keys.every((k) => state.decisions.has(k)) })),
  };
}
