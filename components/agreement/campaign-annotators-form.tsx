import { count } from "@/components/ui/wording";
import { Select } from "@/components/ui/field";
import { Button } from "@/components/ui/button";

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
    <form
      method="get"
      className="mt-3 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-4"
      aria-label="Campaign annotators"
    >
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
      <Button type="submit">Compare annotators</Button>
    </form>
  );
}
