import { csvLine } from "@/lib/formats/csv";
import type { JudgeAgreement } from "@/lib/domain/judge-agreement/build-judge-agreement";

/**
 * Every judge against the reference as one CSV table: judge,statistic,value,low,high,items,withheld, with
 * the binarized kappas as `cohen-kappa>=<level>` and the ranking correlations as
 * `kendall-tau:<measure>` and `spearman-rho:<measure>` (no interval; items = the systems ranked);
 * `withheld`, why a statistic has no interval (too few items).
 */
export function judgeAgreementCsv(report: JudgeAgreement): string {
  const rows: (string | number | null)[][] = [["judge", "statistic", "value", "low", "high", "items", "withheld"]];
  for (const j of report.judges) {
    for (const s of j.statistics) rows.push([j.judge, s.metric, s.value, s.low, s.high, j.items, s.withheld ?? null]);
    for (const b of j.binarized)
      rows.push([
        j.judge,
        `cohen-kappa>=${b.level}`,
        b.kappa.value,
        b.kappa.low,
        b.kappa.high,
        j.items,
        b.kappa.withheld ?? null,
      ]);
    if (j.ranking) {
      rows.push([j.judge, `kendall-tau:${report.measure}`, j.ranking.tau, null, null, j.ranking.systems, null]);
      rows.push([j.judge, `spearman-rho:${report.measure}`, j.ranking.rho, null, null, j.ranking.systems, null]);
    }
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
