import type { RevealSummary } from "@/lib/schemas/campaigns";
import { fixed, percent } from "@/components/reports/format";
import { ScrollX } from "@/components/ui/scroll-x";

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
      <ScrollX>
        <table className="w-full max-w-4xl text-sm">
          <thead className="text-left text-stone-500">
            <tr>
              <th className="py-1 font-medium">Annotator</th>
              <th className="py-1 text-right font-medium">Items</th>
              <th className="py-1 text-right font-medium">Agreement before</th>
              <th className="py-1 text-right font-medium">after</th>
              <th className="py-1 text-right font-medium">Kappa before</th>
              <th className="py-1 text-right font-medium">after</th>
              <th className="py-1 text-right font-medium">Changed (toward the LLM)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ who, e }) => (
              <tr key={who} className="border-t border-stone-200 tabular-nums">
                <td className="py-1.5">{who}</td>
                <td className="py-1.5 text-right">{e.items}</td>
                <td className="py-1.5 text-right">{pct(e.before.agreement)}</td>
                <td className="py-1.5 text-right">{pct(e.after.agreement)}</td>
                <td className="py-1.5 text-right" title={e.before.kappa.reason}>
                  {num(e.before.kappa)}
                </td>
                <td className="py-1.5 text-right" title={e.after.kappa.reason}>
                  {num(e.after.kappa)}
                </td>
                <td className="py-1.5 text-right">
                  {e.changed} ({e.towardLlm})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  );
}
