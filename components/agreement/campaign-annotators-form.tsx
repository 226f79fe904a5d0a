import { count } from "@/components/ui/wording";
import { Select } from "@/components/ui/field";
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
      <label className="block text-sm font-medium sm:col-span-3">
        Or a campaign&apos;s annotators
        <Select name="campaign" defaultValue={campaignId ?? ""} className="mt-1" required>
          <option value="">Choose…</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({count(c.items, "item")})
            </option>
          ))}
        </Select>
      </label>
    </ReportControls>
  );
}
