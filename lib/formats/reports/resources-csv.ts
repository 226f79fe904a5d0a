import { csvLine } from "@/lib/formats/csv";
import type { ResourceReport } from "@/lib/domain/resources/build-resources-report";

/** Every engine's resource score per request under both label sets: request,engine,results,<set a>,<set b> (empty: unscored). */
export function resourcesCsv(report: ResourceReport): string {
  const rows: (string | number | null)[][] = [["request", "engine", "results", report.sets.a, report.sets.b]];
  for (const s of report.scores) rows.push([s.request, s.engine, s.results, s.a, s.b]);
  return `${rows.map(csvLine).join("\n")}\n`;
}
