import type { StatisticWithInterval } from "@/lib/domain/agreement/bootstrap";
import { fixed, interval, statisticLabel } from "./format";
import { DataTable, type Column } from "@/components/ui/data-table";

/** A report's statistic: its name, value (or why it has none) and interval. */
export type NamedStatistic = StatisticWithInterval & { metric: string };

/** A statistic's three columns (its name, value and 95% interval), for any table whose rows hold one. */
export function statisticColumns<Row>(statisticOf: (row: Row) => NamedStatistic): Column<Row>[] {
  return [
    { header: "Statistic", cell: (r) => statisticLabel(statisticOf(r).metric) },
    {
      header: "Value",
      numeric: true,
      className: "font-mono",
      title: (r) => statisticOf(r).reason,
      cell: (r) => fixed(statisticOf(r).value),
    },
    {
      header: "95% interval",
      numeric: true,
      className: "font-mono text-stone-600",
      title: (r) => statisticOf(r).withheld,
      cell: (r) => interval(statisticOf(r).low, statisticOf(r).high),
    },
  ];
}

export function StatisticsTable({ statistics }: { statistics: readonly NamedStatistic[] }) {
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
        columns={statisticColumns((s: NamedStatistic) => s)}
      />
    </section>
  );
}
