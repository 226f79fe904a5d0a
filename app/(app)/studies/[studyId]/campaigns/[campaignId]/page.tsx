import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignProgressView } from "@/components/campaigns/campaign-progress-view";
import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, requirePageUser } from "@/lib/server/auth/page-guards";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ studyId: string; campaignId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const raw = await params;
  const study = studyIdParamsSchema.safeParse(raw);
  const campaign = campaignIdParamsSchema.safeParse(raw);
  if (!study.success || !campaign.success) notFound();
  const progress = await orNotFound(getCampaignProgress(user, campaign.data.campaignId));
  if (progress.studyId !== study.data.studyId) notFound();
  const overview = await orNotFound(getStudyOverview(user, progress.studyId));
  return <CampaignProgressView initial={progress} studyName={overview.name} />;
}
