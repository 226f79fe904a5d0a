import "server-only";
import { adjudicable, notAdjudicable } from "@/lib/domain/adjudication/adjudicable";
import { campaignById } from "../db/campaigns";
import { getDb } from "../db/client";
import { invalid, notFound } from "../errors";
import { assertResearcherAccess, tokenReaches } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { toRecord, type CampaignRecord } from "../campaigns/campaign-access";

/** A campaign's adjudication settings (prisma/models.prisma, Campaign). */
export type AdjudicationSettings = {
  /** The member named to adjudicate besides the study's researchers. */
  adjudicator: { id: number; name: string; email: string } | null;
  /** Every labelled item goes through the queue, agreed ones too. */
  every: boolean;
  /** The adjudicator sees the annotators' names (else "Annotator 1", "Annotator 2"). */
  showNames: boolean;
  /** The LLM whose label the adjudicator sees, once a researcher allowed it. */
  llm: { id: number; name: string } | null;
};

export type AdjudicationCampaign = CampaignRecord & { adjudication: AdjudicationSettings };

/** A campaign's adjudication settings. */
export async function adjudicationSettings(campaignId: number): Promise<AdjudicationSettings> {
  const db = await getDb();
  const c = await db.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: {
      adjudicateEvery: true,
      adjudicationShowsNames: true,
      adjudicator: { select: { id: true, name: true, email: true } },
      adjudicationLlm: { select: { id: true, name: true } },
    },
  });
  return {
    adjudicator: c.adjudicator,
    every: c.adjudicateEvery,
    showNames: c.adjudicationShowsNames,
    llm: c.adjudicationLlm,
  };
}

/**
 * A campaign the user may adjudicate (docs/DOMAIN.md, "Adjudication"): it has started, and the user
 * is a researcher of its study (or an admin) or the member the researchers named its adjudicator,
 * and never one of its annotators (who stay blind to each other's labels). Anyone else is
 * not-found, so the campaign is not revealed; a campaign whose task or overlap has no
 * adjudication is refused, naming why.
 */
export async function adjudicatorCampaign(user: UserDto, campaignId: number): Promise<AdjudicationCampaign> {
  const row = await campaignById(campaignId);
  if (!row || row.status === "draft" || !tokenReaches(user, row.studyId)) throw notFound("Campaign not found");
  const db = await getDb();
  const [annotates, member, adjudication] = await Promise.all([
    db.campaignAnnotator.findUnique({ where: { campaignId_userId: { campaignId: row.id, userId: user.id } } }),
    db.studyMember.findUnique({ where: { studyId_userId: { studyId: row.studyId, userId: user.id } } }),
    adjudicationSettings(row.id),
  ]);
  if (annotates) throw notFound("Campaign not found");
  const named = adjudication.adjudicator?.id === user.id && member !== null;
  if (!named)
    await assertResearcherAccess(db, user, row.studyId).catch(() => {
      throw notFound("Campaign not found");
    });
  const campaign = toRecord(row);
  if (!adjudicable(campaign.taskType, campaign.overlap)) throw invalid(notAdjudicable(campaign.name));
  return { ...campaign, adjudication };
}
