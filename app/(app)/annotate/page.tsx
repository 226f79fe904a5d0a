import type { Metadata } from "next";
import { MyCampaignList } from "@/components/annotate/my-campaign-list";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listMyCampaigns } from "@/lib/server/campaigns/list-my-campaigns";

export const metadata: Metadata = { title: "Annotate" };

export default async function AnnotateHomePage() {
  const user = await requirePageUser();
  const campaigns = await listMyCampaigns(user);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Your campaigns</h1>
      <p className="mb-6 mt-1 text-sm text-stone-600">Campaigns you are assigned to, with your progress.</p>
      <MyCampaignList initial={campaigns} />
    </>
  );
}
