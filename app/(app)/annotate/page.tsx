import type { Metadata } from "next";
import { MyCampaignList } from "@/components/annotate/my-campaign-list";
import { MyAdjudicationList } from "@/components/adjudication/my-adjudication-list";
import { requirePageUser } from "@/lib/server/auth/page-guards";
import { listMyCampaigns } from "@/lib/server/campaigns/list-my-campaigns";
import { listMyAdjudications } from "@/lib/server/adjudication/list-my-adjudications";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Annotate" };

export default async function AnnotateHomePage() {
  const user = await requirePageUser();
  const [campaigns, adjudications] = await Promise.all([listMyCampaigns(user), listMyAdjudications(user)]);
  return (
    <>
      <PageHeader title="Your campaigns" description="Campaigns you are assigned to, with your progress." />
      <div className="mt-6">
        <MyCampaignList initial={campaigns} />
      </div>
      {adjudications.length > 0 && (
        <>
          <h2 className="mb-3 mt-8 text-lg font-semibold">Campaigns you adjudicate</h2>
          <MyAdjudicationList campaigns={adjudications} />
        </>
      )}
    </>
  );
}
