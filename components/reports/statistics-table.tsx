import type { AgreementReport } from "@/lib/schemas/agreement";
import { fixed, interval, statisticLabel } from "./format";
import { DataTable } from "@/components/ui/data-table";

export function StatisticsTable({ statistics }: { statistics: AgreementReport["statistics"] }) {
  return (
    <section aria-labelledby="statistics-heading">
      <h3 id="statistics-heading" className="mb-2 font-semibold">
        Statistics
      </h3>
      <DataTable
        label="Agreement statistics"
        rows={statistics}
        rowKey={(s) => s.metric}
        rowProps={(s) => ({ "data-testid": `statistic-${s.metric}` })}
        columns={[
          { header: "Statistic", cell: (s) => statisticLabel(s.metric) },
          {
            header: "Value",
            numeric: true,
            className: "font-mono",
            title: (s) => s.reason,
            cell: (s) => fixed(s.value),
          },
          {
            header: "95% interval",
            numeric: true,
            className: "font-mono text-stone-600",
            cell: (s) => interval(s.low, s.high),
          },
        ]}
      />
    </section>
  );
}
