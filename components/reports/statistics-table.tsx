import type { AgreementReport } from "@/lib/schemas/agreement";
import { fixed, interval, statisticLabel } from "./format";
import { ScrollX } from "@/components/ui/scroll-x";

export function StatisticsTable({ statistics }: { statistics: AgreementReport["statistics"] }) {
  return (
    <section aria-labelledby="statistics-heading">
      <h3 id="statistics-heading" className="mb-2 font-semibold">
        Statistics
      </h3>
      <ScrollX>
        <table className="w-full text-sm" aria-label="Agreement statistics">
          <thead className="text-left text-stone-500">
            <tr>
              <th className="py-1 font-medium">Statistic</th>
              <th className="py-1 text-right font-medium">Value</th>
              <th className="py-1 text-right font-medium">95% interval</th>
            </tr>
          </thead>
          <tbody>
            {statistics.map((s) => (
              <tr key={s.metric} className="border-t border-stone-200" data-testid={`statistic-${s.metric}`}>
                <td className="py-1.5">{statisticLabel(s.metric)}</td>
                <td className="py-1.5 text-right font-mono tabular-nums" title={s.reason}>
                  {fixed(s.value)}
                </td>
                <td className="py-1.5 text-right font-mono tabular-nums text-stone-600">{interval(s.low, s.high)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </section>
  );
}
