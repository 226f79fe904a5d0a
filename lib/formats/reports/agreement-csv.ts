import { csvLine } from "@/lib/formats/csv";
import type { AgreementReport } from "@/lib/domain/agreement/build-agreement-report";

/** The report as one CSV table: section,name,value,low,high,items. */
export function agreementCsv(report: AgreementReport): string {
  const rows: (string | number | null)[][] = [["section", "name", "value", "low", "high", "items"]];
  for (const s of report.statistics) rows.push(["statistic", s.metric, s.value, s.low, s.high, report.items]);
  report.confusion.forEach((row, i) =>
    row.forEach((count, j) =>
      rows.push([
        "confusion",
        `${report.sets.a}=${report.categories[i]} | ${report.sets.b}=${report.categories[j]}`,
        count,
        null,
        null,
        null,
      ]),
    ),
  );
  for (const g of report.groups)
    rows.push([`group:${report.groupBy}`, g.group, g.kappa.value, g.kappa.low, g.kappa.high, g.items]);
  for (const l of report.positives?.levels ?? [])
    rows.push([
      `${report.positives!.human} over ${report.positives!.llm} positives`,
      l.level,
      l.share,
      null,
      null,
      l.count,
    ]);
  const bias = report.bias;
  if (bias) {
    rows.push([
      `bias:${bias.llm}`,
      "leniency",
      bias.leniency.value,
      bias.leniency.low,
      bias.leniency.high,
      report.items,
    ]);
    for (const l of bias.levels)
      rows.push([`bias:${bias.llm}`, `over-calls ${l.level}`, l.difference, null, null, null]);
    for (const q of bias.byLength)
      rows.push([
        `bias:${bias.llm}`,
        `kappa, chunk length ${q.from}-${q.to}`,
        q.kappa.value,
        q.kappa.low,
        q.kappa.high,
        q.items,
      ]);
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
