import { csvLine } from "@/lib/formats/csv";
import type { CampaignAgreementReport } from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { figureRow, STATISTIC_CSV_HEADER, statisticRow } from "./agreement-csv";

/** The campaign's agreement report as one CSV table: section,name,value,low,high,items,withheld. */
export function campaignAgreementCsv(report: CampaignAgreementReport): string {
  const rows: (string | number | null)[][] = [STATISTIC_CSV_HEADER];
  for (const s of report.statistics) rows.push(statisticRow("statistic", s.metric, s, report.items));
  report.coincidences.forEach((row, i) =>
    row.forEach((value, j) =>
      rows.push(figureRow("coincidence", `${report.categories[i]} | ${report.categories[j]}`, value, null)),
    ),
  );
  for (const p of report.pairs)
    rows.push(statisticRow("annotator pair: cohen-kappa", `${p.a} | ${p.b}`, p.kappa, p.items));
  if (report.llm) {
    const section = `vs ${report.llm.judge}: cohen-kappa`;
    rows.push(statisticRow(section, "all annotators", report.llm.overall.kappa, report.llm.overall.items));
    for (const a of report.llm.annotators) rows.push(statisticRow(section, a.annotator, a.kappa, a.items));
    for (const l of report.llm.positives?.levels ?? [])
      rows.push(figureRow(`annotators over ${report.llm.judge} positives`, l.level, l.share, l.count));
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
