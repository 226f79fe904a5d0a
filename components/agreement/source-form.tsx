import type { AgreementQuery } from "@/lib/schemas/agreement";
import { count } from "@/components/ui/wording";

const field = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm";
const GROUPS: [AgreementQuery["group"], string][] = [
  ["none", "No grouping"],
  ["query", "Question"],
  ["tag", "Topic (tag)"],
  ["collection", "Collection"],
  ["nugget_position", "Nugget position"],
  ["criterion", "Criterion"],
];

/** A plain GET form: the report is a page of its own for each choice, so it can be linked and cited. */
export function SourceForm({
  judges,
  campaigns,
  query,
}: {
  judges: { name: string; kind: "human" | "model" }[];
  campaigns: { id: number; name: string }[];
  query: AgreementQuery;
}) {
  const models = judges.filter((j) => j.kind === "model");
  const fused = models.flatMap((x, i) => models.slice(i + 1).map((y) => `fused:${x.name}+${y.name}`));
  const options = (
    <>
      <option value="">Choose…</option>
      {judges.map((j) => (
        <option key={j.name} value={j.name}>
          {j.name} ({j.kind === "model" ? "LLM" : "human"})
        </option>
      ))}
      {fused.map((f) => (
        <option key={f} value={f}>
          {f.replace("fused:", "fused ").replace("+", " + ")} (FeB4RAG fusion)
        </option>
      ))}
      {campaigns.map((c) => (
        <option key={c.id} value={`campaign:${c.id}`}>
          Annotators of {c.name} (majority)
        </option>
      ))}
    </>
  );
  return (
    <form
      method="get"
      className="mt-6 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-4"
      aria-label="Label sources"
    >
      <label className="block text-sm font-medium">
        Source A
        <select name="a" defaultValue={query.a} className={field} required>
          {options}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Source B
        <select name="b" defaultValue={query.b} className={field} required>
          {options}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Group by
        <select name="group" defaultValue={query.group} className={field}>
          {GROUPS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
      >
        Compare
      </button>
    </form>
  );
}

/** The other way to choose: one campaign, whose annotators are compared with each other and with its LLM. */
export function CampaignSourceForm({
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
        <select name="campaign" defaultValue={campaignId ?? ""} className={field} required>
          <option value="">Choose…</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({count(c.items, "item")})
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
      >
        Compare annotators
      </button>
    </form>
  );
}
