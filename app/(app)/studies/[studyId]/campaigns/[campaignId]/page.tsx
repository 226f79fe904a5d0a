import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignProgressView } from "@/components/campaigns/campaign-progress-view";
import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getCampaignFormOptions } from "@/lib/server/campaigns/get-campaign-form-options";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ studyId: string; campaignId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId, campaignId } = await pageParams(studyIdParamsSchema.extend(campaignIdParamsSchema.shape), params);
  const progress = await orNotFound(getCampaignProgress(user, campaignId));
  if (progress.studyId !== studyId) notFound();
  const { annotators, members, llmJudges } = await getCampaignFormOptions(user, studyId);
  return <CampaignProgressView initial={progress} members={annotators} studyMembers={members} llmJudges={llmJudges} />;
}
