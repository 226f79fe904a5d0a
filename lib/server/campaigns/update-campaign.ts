import "server-only";
import { statusChangeAllowed } from "@/lib/domain/campaigns/campaign-status";
import { campaignChangeSchema, type CampaignChange } from "@/lib/schemas/campaign-admin";
import { getDb } from "../db/client";
import { releaseHeldSeats } from "../db/assignments";
import {
  addCampaignAnnotators,
  campaignAnnotatorIds,
  removeCampaignAnnotator,
  setCampaignGuidelines,
  setCampaignAdjudication,
  setCampaignStatus,
} from "../db/campaigns";
import { checkAdjudicationChange } from "../adjudication/change-adjudication";
import type { Db } from "../db/client";
import { withTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { researcherCampaign } from "./campaign-access";
import { checkAnnotators } from "./check-annotators";
import { systemNamedIn } from "./system-names";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

/**
 * A researcher changes a running campaign: pauses it (no new items are handed out; an item in hand
 * can still be saved), resumes it, closes it for good; edits its guidelines; or changes its
 * annotators (annotator members of the study, at least as many as the overlap, never its
 * adjudicator); or its adjudication settings (change-adjudication.ts). An annotator taken off keeps
 * their labels, and the items they held go back to the others.
 */
export async function updateCampaign(
  user: UserDto,
  campaignId: number,
  change: CampaignChange,
): Promise<{ status: string }> {
  const { status, guidelines, annotatorIds, adjudication } = parseOrThrow(campaignChangeSchema, change);
  const campaign = await researcherCampaign(user, campaignId);
  const db = await getDb();
  if (status !== undefined && status !== campaign.status && !statusChangeAllowed(campaign.status, status)) {
    throw new AppError(
      "conflict",
      campaign.status === "closed"
        ? "status: the campaign is closed, and a closed campaign stays closed"
        : `status: a ${campaign.status} campaign cannot become ${status}`,
    );
  }
  if ((guidelines !== undefined || annotatorIds !== undefined) && campaign.status === "closed")
    throw new AppError("conflict", "The campaign is closed; it can no longer be edited");
  if (guidelines !== undefined && TASK_TYPES[campaign.taskType].shows.responses) {
    const named = await systemNamedIn(db, campaign.id, guidelines);
    if (named)
      throw invalid(
        `guidelines: they name the system "${named}", and annotators must not learn which systems they compare`,
      );
  }
  const annotators = annotatorIds === undefined ? undefined : [...new Set(annotatorIds)];
  if (annotators) await checkAnnotators(db, campaign.studyId, annotators, campaign.overlap, "annotatorIds");
  // each check reads the campaign as this request leaves it: annotators and adjudicator may change together
  if (annotators && adjudication?.adjudicatorId === undefined) await checkNotAdjudicator(db, campaign.id, annotators);
  const adjudicationColumns = adjudication && (await checkAdjudicationChange(db, campaign, adjudication, annotators));
  await withTransaction(async (tx) => {
    if (adjudicationColumns) await setCampaignAdjudication(tx, campaign.id, adjudicationColumns);
    if (status !== undefined) await setCampaignStatus(tx, campaign.id, status);
    if (guidelines !== undefined) await setCampaignGuidelines(tx, campaign.id, guidelines);
    if (annotators) {
      const current = await campaignAnnotatorIds(tx, campaign.id);
      for (const gone of current.filter((id) => !annotators.includes(id))) {
        await removeCampaignAnnotator(tx, campaign.id, gone);
        await releaseHeldSeats(tx, gone, { campaignId: campaign.id });
      }
      await addCampaignAnnotators(
        tx,
        campaign.id,
        annotators.filter((id) => !current.includes(id)),
      );
    }
  });
  return { status: status ?? campaign.status };
}

/** Refuses to make a campaign's adjudicator one of its annotators (they would adjudicate their own labels). */
async function checkNotAdjudicator(db: Db, campaignId: number, annotatorIds: readonly number[]): Promise<void> {
  const { adjudicatorId } = await db.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { adjudicatorId: true },
  });
  if (adjudicatorId !== null && annotatorIds.includes(adjudicatorId))
    throw invalid(`annotatorIds: user ${adjudicatorId} is this campaign's adjudicator, who cannot also annotate it`);
}
