import type { Metadata } from "next";
import { MyCampaignList } from "@/components/annotate/my-campaign-list";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listMyCampaigns } from "@/lib/server/campaigns/list-my-campaigns";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Annotate" };

export default async function AnnotateHomePage() {
  const user = await requirePageUser();
  const campaigns = await listMyCampaigns(user);
  return (
    <>
      <PageHeader title="Your campaigns" description="Campaigns you are assigned to, with your progress." />
      <div className="mt-6">
        <MyCampaignList initial={campaigns} />
      </div>
    </>
  );
}
