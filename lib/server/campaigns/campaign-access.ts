import "server-only";
import { TASK_TYPES, type AnyTaskType } from "@/lib/domain/task-types/registry";
import { toRecord, type CampaignRecord } from "../db/campaign-record";
import { campaignById, startedCampaignOfAnnotator } from "../db/campaigns";
import { getDb } from "../db/client";
import { invalid, notFound } from "../errors";
import { assertResearcherAccess, tokenReaches } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * A campaign the user annotates: they are one of its annotators and still a member of its study,
 * and it has started. Anything else is not-found, so other campaigns are not revealed.
 */
export async function annotatorCampaign(user: UserDto, campaignId: number): Promise<CampaignRecord> {
  const campaign = await startedCampaignOfAnnotator(campaignId, user.id);
  if (!campaign || !tokenReaches(user, campaign.studyId)) throw notFound("Campaign not found");
  return toRecord(campaign);
}

/** A campaign of a study the user is a researcher of (or any, for admins). */
export async function researcherCampaign(user: UserDto, campaignId: number): Promise<CampaignRecord> {
  const campaign = await campaignById(campaignId);
  if (!campaign) throw notFound("Campaign not found");
  await assertResearcherAccess(await getDb(), user, campaign.studyId).catch(() => {
    throw notFound("Campaign not found");
  });
  return toRecord(campaign);
}

/**
 * A campaign of this study that a report reads (`report`, the task type's report), for a
 * researcher of it: another study's campaign is not found, a campaign of another kind is refused
 * with `refusal` (naming the field).
 */
export async function reportCampaign(
  user: UserDto,
  studyId: number,
  campaignId: number,
  report: AnyTaskType["report"],
  refusal: string,
): Promise<CampaignRecord> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  if (TASK_TYPES[campaign.taskType].report !== report) throw invalid(refusal);
  return campaign;
}
