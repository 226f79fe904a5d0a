import "server-only";
import { adjudicable, notAdjudicable } from "@/lib/domain/task-types/adjudicable";
import { campaignById } from "../db/campaigns";
import { getDb } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import { assertResearcherAccess, tokenReaches } from "../studies/access";
import type { Db } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { toRecord, type CampaignRecord } from "../db/campaign-record";

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
 * not-found, so the campaign is not revealed. A named adjudicator who annotates a campaign of the
 * study that is not closed is refused until it is (they would see other annotators' labels, and the
 * LLM's, of targets they may still be judging blind). A campaign whose task or overlap has no
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
  const researcher = await assertResearcherAccess(db, user, row.studyId).then(
    () => true,
    () => false,
  );
  if (!named && !researcher) throw notFound("Campaign not found");
  if (!researcher) {
    const running = await runningCampaignAnnotated(db, row.studyId, user.id);
    if (running)
      throw new AppError(
        "forbidden",
        `You annotate "${running}", a campaign of this study still running: you may adjudicate once it is closed, so that you stay blind to other annotators' and the LLM's labels`,
      );
  }
  const campaign = toRecord(row);
  if (!adjudicable(campaign.taskType, campaign.overlap)) throw invalid(notAdjudicable(campaign.name));
  return { ...campaign, adjudication };
}

/** The name of a campaign of the study, not closed, that the user annotates; null when none. */
export async function runningCampaignAnnotated(db: Db, studyId: number, userId: number): Promise<string | null> {
  const running = await db.campaign.findFirst({
    where: { studyId, status: { not: "closed" }, annotators: { some: { userId } } },
    orderBy: { id: "asc" },
    select: { name: true },
  });
  return running?.name ?? null;
}
