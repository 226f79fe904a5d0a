import type { RevealSummary } from "@/lib/schemas/campaigns";
import { fixed, percent } from "@/components/reports/format";
import { DataTable } from "@/components/ui/data-table";

type Stat = { value: number | null; reason?: string };
const pct = (s: Stat) => (s.value === null ? "—" : percent(s.value));
const num = (s: Stat) => fixed(s.value);

/** Agreement with the LLM before and after the reveal, per annotator and overall (binarized labels). */
export function RevealEffectTable({ reveal }: { reveal: RevealSummary }) {
  const rows = [
    ...reveal.annotators.map((a) => ({ who: a.email, e: a })),
    { who: "All annotators", e: reveal.overall },
  ];
  return (
    <section aria-label="Effect of the reveal" className="mt-8">
      <h2 className="text-lg font-semibold">Before and after the reveal</h2>
      <p className="mb-2 text-sm text-stone-600">
        Agreement with <span className="font-mono text-xs">{reveal.llmJudge}</span> on binarized labels: the blind
        label, then the label after the LLM&apos;s was shown.
      </p>
      <DataTable
        label="Reveal effect"
        minWidth="max-w-4xl"
        rows={rows}
        rowKey={(r) => r.who}
        columns={[
          { header: "Annotator", cell: (r) => r.who },
          { header: "Items", numeric: true, cell: (r) => r.e.items },
          { header: "Agreement before", numeric: true, cell: (r) => pct(r.e.before.agreement) },
          { header: "after", numeric: true, cell: (r) => pct(r.e.after.agreement) },
          {
            header: "Kappa before",
            numeric: true,
            title: (r) => r.e.before.kappa.reason,
            cell: (r) => num(r.e.before.kappa),
          },
          { header: "after", numeric: true, title: (r) => r.e.after.kappa.reason, cell: (r) => num(r.e.after.kappa) },
          { header: "Changed (toward the LLM)", numeric: true, cell: (r) => `${r.e.changed} (${r.e.towardLlm})` },
        ]}
      />
    </section>
  );
}
