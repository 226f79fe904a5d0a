import Link from "next/link";
import type { AgreementQuery, AgreementReport } from "@/lib/schemas/reports";
import type { StudyOverview } from "@/lib/schemas/studies";
import { ConfusionHeatmap } from "./confusion-heatmap";
import { GroupChart } from "./group-chart";
import { PositivesTable } from "./positives-table";
import { SourceForm } from "./source-form";
import { StatisticsTable } from "./statistics-table";

export function AgreementView({ study, query, report, error }: { study: StudyOverview; query: AgreementQuery; report: AgreementReport | null; error: string | null }) {
  const exportUrl = (format: "csv" | "json") => `/api/studies/${study.id}/reports/agreement?${new URLSearchParams({ a: query.a, b: query.b, group: query.group, format })}`;
  const overall = report?.statistics.find((s) => s.metric === "cohen-kappa")?.value ?? null;
  return (
    <>
      <Link href={`/studies/${study.id}`} className="text-sm text-stone-600 hover:underline">← {study.name}</Link>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Agreement</h1>
      <p className="mt-1 text-sm text-stone-600">How far two label sources agree on the targets both labelled: judges, or two LLMs fused as FeB4RAG does.</p>
      <SourceForm judges={study.judges} query={query} />
      {error && <p role="alert" aria-label="Report error" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-900">{error}</p>}
      {report && (
        <div className="mt-6 space-y-8" data-testid="agreement-report">
          <section aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="text-lg font-semibold">{report.sources.a} vs {report.sources.b}</h2>
            <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
              {report.items.toLocaleString("en")} targets labelled by both, compared on {report.comparedOn}.{" "}
              {report.onlyA + report.onlyB > 0 && `${report.onlyA.toLocaleString("en")} labelled only by ${report.sources.a}, ${report.onlyB.toLocaleString("en")} only by ${report.sources.b}. `}
              95% intervals from {report.bootstrap.resamples} bootstrap resamples of the targets (seed {report.bootstrap.seed}).
            </p>
            <div className="mt-3 flex gap-2 text-sm">
              <a className="rounded-md border border-stone-300 bg-white px-3 py-1.5 hover:bg-stone-100" href={exportUrl("csv")} download>Export CSV</a>
              <a className="rounded-md border border-stone-300 bg-white px-3 py-1.5 hover:bg-stone-100" href={exportUrl("json")} download>Export JSON</a>
            </div>
          </section>
          <div className="grid gap-8 lg:grid-cols-2">
            <StatisticsTable statistics={report.statistics} />
            <ConfusionHeatmap report={report} />
          </div>
          {report.groups.length > 0 && <GroupChart groups={report.groups} overall={overall} groupBy={report.groupBy} />}
          {report.positives && <PositivesTable positives={report.positives} />}
        </div>
      )}
    </>
  );
}
