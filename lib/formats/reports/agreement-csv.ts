import { csvLine } from "@/lib/formats/csv";
import type { StatisticWithInterval } from "@/lib/domain/agreement/bootstrap";
import type { AgreementReport } from "@/lib/domain/agreement/build-agreement-report";

type Row = (string | number | null)[];
export const STATISTIC_CSV_HEADER = ["section", "name", "value", "low", "high", "items", "withheld"];

/** A statistic's row of a section,name,value,low,high,items,withheld table: `withheld`, why it has no interval. */
export const statisticRow = (section: string, name: string, s: StatisticWithInterval, items: number | null): Row => [
  section,
  name,
  s.value,
  s.low,
  s.high,
  items,
  s.withheld ?? null,
];

/** A row of a figure that has no interval (a count, a share), in the same table. */
export const figureRow = (section: string, name: string, value: number | null, items: number | null): Row => [
  section,
  name,
  value,
  null,
  null,
  items,
  null,
];

/** The report as one CSV table: section,name,value,low,high,items,withheld. */
export function agreementCsv(report: AgreementReport): string {
  const rows: Row[] = [STATISTIC_CSV_HEADER];
  for (const s of report.statistics) rows.push(statisticRow("statistic", s.metric, s, report.items));
  report.confusion.forEach((row, i) =>
    row.forEach((count, j) =>
      rows.push(
        figureRow(
          "confusion",
          `${report.sets.a}=${report.categories[i]} | ${report.sets.b}=${report.categories[j]}`,
          count,
          null,
        ),
      ),
    ),
  );
  for (const g of report.groups) rows.push(statisticRow(`group:${report.groupBy}`, g.group, g.kappa, g.items));
  for (const l of report.positives?.levels ?? [])
    rows.push(
      figureRow(`${report.positives!.human} over ${report.positives!.llm} positives`, l.level, l.share, l.count),
    );
  const bias = report.bias;
  if (bias) {
    rows.push(statisticRow(`bias:${bias.llm}`, "leniency", bias.leniency, report.items));
    for (const l of bias.levels) rows.push(figureRow(`bias:${bias.llm}`, `over-calls ${l.level}`, l.difference, null));
    for (const q of bias.byLength)
      rows.push(statisticRow(`bias:${bias.llm}`, `kappa, chunk length ${q.from}-${q.to}`, q.kappa, q.items));
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
