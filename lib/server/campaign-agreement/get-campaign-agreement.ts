import "server-only";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import {
  buildCampaignAgreementReport,
  type Profile,
} from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { firstPhase } from "@/lib/domain/campaigns/judgment";
import type { CampaignAgreementReport } from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { reportCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import { labelProfiles } from "../db/label-profiles";
import type { UserDto } from "../users/user-dto";

/**
 * How far a campaign's annotators agree with each other (every annotator at once: pairwise
 * agreement, Fleiss' κ, Krippendorff's α; and each pair of annotators) and with the campaign's LLM
 * (each annotator, and all together). It reads each annotator's first, independent label of an item
 * (the blind one; under the assisted protocol the only one), not a label revised after a reveal.
 */
export async function getCampaignAgreement(
  user: UserDto,
  studyId: number,
  campaignId: number,
): Promise<CampaignAgreementReport> {
  const campaign = await reportCampaign(
    user,
    studyId,
    campaignId,
    "campaign-agreement",
    "campaign: agreement is reported for support and relevance campaigns (a nugget-quality campaign has its own report)",
  );
  const phase = firstPhase(campaign.protocol);
  return buildCampaignAgreementReport({
    campaign,
    phase,
    scale: campaign.scale,
    llmJudge: campaign.llmJudge?.name ?? null,
    profiles: await loadProfiles(campaign.id, phase, campaign.llmJudge?.id ?? null),
    bootstrap: REPORT_BOOTSTRAP,
  });
}

/**
 * The campaign's label profiles (see labelProfiles) with each annotator by email, in email order,
 * and the profiles in the order of what they hold.
 */
async function loadProfiles(campaignId: number, phase: string, llmJudgeId: number | null): Promise<Profile[]> {
  const parsed = await labelProfiles(campaignId, phase, llmJudgeId);
  const db = await getDb();
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(parsed.flatMap((p) => p.labels.map((l) => l.userId)))] } },
    select: { id: true, email: true },
  });
  const email = new Map(users.map((u) => [u.id, u.email]));
  const profiles = parsed.map((p) => ({
    ...p,
    labels: p.labels
      .map((l) => ({ email: email.get(l.userId)!, level: l.level }))
      .sort((x, y) => x.email.localeCompare(y.email)),
  }));
  // in an order of their own (the database's grouping order is not one), so the bootstrap's seeded
  // resamples, and its intervals, are the same on every engine and after a move
  const key = (p: Profile) =>
    `${p.labels.map((l) => `${l.email}=${l.level}`).join("|")}#${p.llm ? `${p.llm.scale}:${p.llm.value}` : ""}`;
  return profiles.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}
