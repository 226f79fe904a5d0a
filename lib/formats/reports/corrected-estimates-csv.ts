import { csvLine } from "@/lib/formats/csv";
import type { CorrectedEstimates } from "@/lib/domain/corrected-estimates/corrected-estimates-report";

/**
 * The report as one CSV table: quantity,estimator,estimate,low,high,labelled,pairs, with the
 * estimators llm-only, humans-only and ppi (lambda in its own row), then the planner's rows
 * (estimator plan:<half-width>, estimate = the labels it needs in all, low = how many more), then
 * each run's metric (quantity <measure>:<system>) and the paired differences of adjacent systems
 * (<measure>:<upper>-<lower>), counted in questions.
 */
export function correctedEstimatesCsv(report: CorrectedEstimates): string {
  const rows: (string | number | null)[][] = [
    ["quantity", "estimator", "estimate", "low", "high", "labelled", "pairs"],
  ];
  for (const q of report.quantities) {
    const row = (estimator: string, estimate: number | null, low: number | null, high: number | null) =>
      rows.push([q.id, estimator, estimate, low, high, q.labelled, q.pairs]);
    row("llm-only", q.llmOnly, null, null);
    row("humans-only", q.classical?.estimate ?? null, q.classical?.low ?? null, q.classical?.high ?? null);
    row("ppi", q.ppi?.estimate ?? null, q.ppi?.low ?? null, q.ppi?.high ?? null);
    if (q.ppi) row("ppi-lambda", q.ppi.lambda, null, null);
    for (const t of q.plan?.targets ?? []) row(`plan:${t.halfWidth}`, t.labels, t.more, null);
  }
  const runs = report.runs;
  if (runs) {
    const run = (name: string, estimator: string, estimate: number | null, low: number | null, high: number | null) =>
      rows.push([`${runs.measure}:${name}`, estimator, estimate, low, high, runs.labelled, runs.questions]);
    for (const s of runs.systems) {
      run(s.system, "llm-only", s.llmOnly, null, null);
      run(s.system, "humans-only", s.classical?.estimate ?? null, s.classical?.low ?? null, s.classical?.high ?? null);
      run(s.system, "ppi", s.ppi?.estimate ?? null, s.ppi?.low ?? null, s.ppi?.high ?? null);
    }
    for (const a of runs.adjacent) {
      const d = a.ppi ?? a.classical;
      run(
        `${a.upper}-${a.lower}`,
        a.ppi ? "ppi-difference" : "humans-only-difference",
        d?.estimate ?? null,
        d?.low ?? null,
        d?.high ?? null,
      );
    }
  }
  return `${rows.map(csvLine).join("\n")}\n`;
}
