import type { AgreementQuery } from "@/lib/schemas/agreement";
import { count } from "@/components/ui/wording";
import { Select } from "@/components/ui/field";
import { LabelSetSelect } from "@/components/reports/label-set-select";
import { fusedName, llmJudgeNames } from "@/lib/domain/label-sets";

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
  const fused = models.flatMap((x, i) => models.slice(i + 1).map((y) => fusedName(x.name, y.name)));
  const sources = [
    ...judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` })),
    ...fused.map((f) => ({
      value: f,
      label: `${f.replace("fused:", "fused ").replace("+", " + ")} (FeB4RAG fusion)`,
    })),
    ...campaigns.map((c) => ({ value: `campaign:${c.id}`, label: `Annotators of ${c.name} (majority)` })),
  ];
  const modelNames = llmJudgeNames({ judges });
  return (
    <form
      method="get"
      className="mt-6 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-4"
      aria-label="Label sources"
    >
      <LabelSetSelect name="a" label="Source A" sources={sources} models={modelNames} defaultValue={query.a} />
      <LabelSetSelect name="b" label="Source B" sources={sources} models={modelNames} defaultValue={query.b} />
      <label className="block text-sm font-medium">
        Group by
        <Select name="group" defaultValue={query.group} className="mt-1">
          {GROUPS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
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
        <Select name="campaign" defaultValue={campaignId ?? ""} className="mt-1" required>
          <option value="">Choose…</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({count(c.items, "item")})
            </option>
          ))}
        </Select>
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
