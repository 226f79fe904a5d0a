import { count } from "@/components/ui/wording";
import { ChoiceField } from "@/components/reports/choice-field";
import { ReportControls } from "@/components/reports/report-controls";

/** The other way to choose: one campaign, whose annotators are compared with each other and with its LLM. */
export function CampaignAnnotatorsForm({
  campaigns,
  campaignId,
}: {
  campaigns: { id: number; name: string; items: number }[];
  campaignId: number | null;
}) {
  if (campaigns.length === 0) return null;
  return (
    <ReportControls label="Campaign annotators" submit="Compare annotators" columns="sm:grid-cols-4" className="mt-3">
      <ChoiceField
        label="Or a campaign's annotators"
        name="campaign"
        className="sm:col-span-3"
        choices={campaigns.map((c) => ({ value: c.id, label: `${c.name} (${count(c.items, "item")})` }))}
        defaultValue={campaignId}
        required
      />
    </ReportControls>
  );
}
