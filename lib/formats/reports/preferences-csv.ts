import { csvLine } from "@/lib/formats/csv";
import type { PreferenceReport } from "@/lib/domain/preferences/build-preferences-report";

/**
 * A preference report as one CSV table:
 * section,name,first,second,first_wins,none,second_wins,first_win_rate,low,high,withheld (`withheld`:
 * why an agreement statistic has no interval, too few items).
 */
export function preferencesCsv(report: PreferenceReport): string {
  const rows: (string | number | null)[][] = [
    [
      "section",
      "name",
      "first",
      "second",
      "first_wins",
      "none",
      "second_wins",
      "first_win_rate",
      "low",
      "high",
      "withheld",
    ],
  ];
  const add = (
    section: string,
    name: string,
    pairs: PreferenceReport["verdict"]["pairs"],
    rates: PreferenceReport["verdict"]["winRates"] = [],
  ) => {
    for (const t of pairs) {
      const w = rates.find((r) => r.first === t.first && r.second === t.second);
      rows.push([
        section,
        name,
        t.first,
        t.second,
        t.firstWins,
        t.none,
        t.secondWins,
        w?.rate ?? null,
        w?.low ?? null,
        w?.high ?? null,
        null,
      ]);
    }
  };
  for (const c of report.perCriterion) add("criterion", c.name, c.pairs, c.winRates);
  add("verdict", "all", report.verdict.pairs, report.verdict.winRates);
  for (const g of report.perGroup) add("group verdict", g.group, g.pairs);
  if (report.positionBias)
    rows.push([
      "position bias",
      "left chosen",
      null,
      null,
      report.positionBias.left,
      null,
      report.positionBias.decided - report.positionBias.left,
      report.positionBias.share,
      report.positionBias.low,
      report.positionBias.high,
      null,
    ]);
  for (const a of report.agreement ?? [])
    for (const s of a.statistics)
      rows.push([
        `agreement: ${s.metric}`,
        a.criterion,
        null,
        null,
        null,
        null,
        null,
        s.value,
        s.low,
        s.high,
        s.withheld ?? null,
      ]);
  for (const b of report.bradleyTerry ?? [])
    rows.push(["bradley-terry", b.system, null, null, null, null, null, b.strength, null, null, null]);
  return `${rows.map(csvLine).join("\n")}\n`;
}
