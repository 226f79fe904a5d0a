import { csvLine } from "@/lib/formats/csv";
import type { CampaignAgreementReport } from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";

/** The campaign's agreement report as one CSV table: section,name,value,low,high,items. */
export function campaignAgreementCsv(report: CampaignAgreementReport): string {
  const rows: (string | number | null)[][] = [["section", "name", "value", "low", "high", "items"]];
  for (const s of report.statistics) rows.push(["statistic", s.metric, s.value, s.low, s.high, report.items]);
  report.coincidences.forEach((row, i) =>
    row.forEach((value, j) =>
      rows.push(["coincidence", `${report.categories[i]} | ${report.categories[j]}`, value, null, null, null]),
    ),
  );
  for (const p of report.pairs)
    rows.push(["annotator pair: cohen-kappa", `${p.a} | ${p.b}`, p.kappa.value, p.kappa.low, p.kappa.high, p.items]);
  if (report.llm) {
    rows.push([
      `vs ${report.llm.judge}: cohen-kappa`,
      "all annotators",
      report.llm.overall.kappa.value,
      report.llm.overall.kappa.low,
      report.llm.overall.kappa.high,
      report.llm.overall.items,
    ]);
    for (const a of report.llm.annotators)
      rows.push([
        `vs ${report.llm.judge}: cohen-kappa`,
        a.annotator,
        a.kappa.value,
        a.kappa.low,
        a.kappa.high,
        a.items,
      ]);
    for (const l of report.llm.positives?.levels ?? [])
      rows.push([`annotators over ${report.llm.judge} positives`, l.level, l.share, null, null, l.count]);
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
