import { csvLine } from "@/lib/formats/csv";
import type { CorrectedEstimates } from "@/lib/domain/corrected-estimates/corrected-estimates-report";

/**
 * The report as one CSV table: quantity,estimator,estimate,low,high,labelled,pairs, with the
 * estimators llm-only, humans-only and ppi (lambda in its own row), then the planner's rows
 * (estimator plan:<half-width>, estimate = the labels it needs in all, low = how many more), then
 * each run's metric (quantity <measure>:<system>) and the paired differences of adjacent systems
 * (<measure>:<upper>-<lower>), counted in questions. `withheld` says why a row's interval (or,
 * for ppi, its estimate) is empty; a difference's `holds` says whether the order holds (empty when
 * withheld).
 */
export function correctedEstimatesCsv(report: CorrectedEstimates): string {
  const rows: (string | number | null)[][] = [
    ["quantity", "estimator", "estimate", "low", "high", "labelled", "pairs", "withheld", "holds"],
  ];
  for (const q of report.quantities) {
    const row = (
      estimator: string,
      estimate: number | null,
      low: number | null,
      high: number | null,
      withheld: string | null = null,
    ) => rows.push([q.id, estimator, estimate, low, high, q.labelled, q.pairs, withheld, null]);
    row("llm-only", q.llmOnly, null, null);
    row("humans-only", q.people, q.classical?.low ?? null, q.classical?.high ?? null, q.withheld.people);
    row("ppi", q.ppi?.estimate ?? null, q.ppi?.low ?? null, q.ppi?.high ?? null, q.withheld.ppi);
    if (q.ppi) row("ppi-lambda", q.ppi.lambda, null, null);
    for (const t of q.plan?.targets ?? []) row(`plan:${t.halfWidth}`, t.labels, t.more, null);
  }
  const runs = report.runs;
  if (runs) {
    const run = (
      name: string,
      estimator: string,
      estimate: number | null,
      low: number | null,
      high: number | null,
      withheld: string | null,
      holds: boolean | null = null,
    ) =>
      rows.push([
        `${runs.measure}:${name}`,
        estimator,
        estimate,
        low,
        high,
        runs.labelled,
        runs.questions,
        withheld,
        holds === null ? null : String(holds),
      ]);
    for (const s of runs.systems) {
      run(s.system, "llm-only", s.llmOnly, null, null, null);
      run(s.system, "humans-only", s.people, s.classical?.low ?? null, s.classical?.high ?? null, runs.withheld.people);
      run(s.system, "ppi", s.ppi?.estimate ?? null, s.ppi?.low ?? null, s.ppi?.high ?? null, runs.withheld.ppi);
    }
    for (const a of runs.adjacent) {
      const d = a.ppi ?? a.classical;
      run(
        `${a.upper}-${a.lower}`,
        a.ppi ? "ppi-difference" : "humans-only-difference",
        a.ppi?.estimate ?? a.people,
        d?.low ?? null,
        d?.high ?? null,
        a.ppi ? null : runs.withheld.people,
        a.holds,
      );
    }
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
