import type { CalibrationReport } from "@/lib/domain/calibration/build-calibration-report";
import { csvLine } from "@/lib/formats/csv";

/**
 * The calibration as one CSV table, judge,measure,value,low,high,items,withheld: per judge its `labels`,
 * `items` compared, `cost-per-1000` (empty when unknown), `disagreements`, `ties` (an ensemble),
 * every statistic by its metric, `leniency`, `over-calls:<level>` (the judge's share there minus
 * the people's), `position-consistency` (a both-orders judge; items = its pairs) and
 * `confusion:<judge's level>|<people's level>` (value = the count); `withheld`, why a statistic
 * has no interval (too few items).
 */
export function calibrationCsv(report: CalibrationReport): string {
  const rows: (string | number | null)[][] = [["judge", "measure", "value", "low", "high", "items", "withheld"]];
  for (const j of report.judges) {
    const add = (
      measure: string,
      value: number | null,
      low: number | null = null,
      high: number | null = null,
      withheld: string | null = null,
    ) => rows.push([j.judge, measure, value, low, high, j.items, withheld]);
    add("labels", j.labels);
    add("items", j.items);
    add("cost-per-1000", j.costPer1000);
    add("disagreements", j.disagreementCount);
    if (j.ties !== null) add("ties", j.ties);
    for (const s of j.statistics) add(s.metric, s.value, s.low, s.high, s.withheld);
    if (j.leniency) add("leniency", j.leniency.value, j.leniency.low, j.leniency.high, j.leniency.withheld);
    for (const l of j.levels) add(`over-calls:${l.level}`, l.difference);
    const p = j.positionConsistency;
    if (p) rows.push([j.judge, "position-consistency", p.share, p.low, p.high, p.pairs, null]);
    j.confusion.forEach((row, a) =>
      row.forEach((count, b) => add(`confusion:${j.categories[a]}|${j.categories[b]}`, count)),
    );
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
