import type { AgreementReport } from "@/lib/schemas/agreement";
import { CountHeatmap } from "../reports/count-heatmap";
import { GroupChart } from "../reports/group-chart";
import { PositivesTable } from "../reports/positives-table";
import { StatisticsTable } from "../reports/statistics-table";
import { ReportExports } from "@/components/reports/report-exports";

/** Two label sources compared: statistics, confusion matrix, per-group κ and FreshStack's calibration table. */
export function PairAgreementView({
  studyId,
  report,
  titles,
}: {
  studyId: number;
  report: AgreementReport;
  titles: { a: string; b: string };
}) {
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/agreement?${new URLSearchParams({ a: report.sources.a, b: report.sources.b, group: report.groupBy, format })}`;
  const overall = report.statistics.find((s) => s.metric === "cohen-kappa")?.value ?? null;
  const titleOf = (name: string) =>
    name === report.sources.a ? titles.a : name === report.sources.b ? titles.b : name;
  return (
    <div className="mt-6 space-y-8" data-testid="agreement-report">
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          {titles.a} vs {titles.b}
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
          {report.items.toLocaleString("en")} targets labelled by both, compared on {report.comparedOn}.{" "}
          {report.onlyA + report.onlyB > 0 &&
            `${report.onlyA.toLocaleString("en")} labelled only by ${titles.a}, ${report.onlyB.toLocaleString("en")} only by ${titles.b}. `}
          95% intervals from {report.bootstrap.resamples} bootstrap resamples of the targets (seed{" "}
          {report.bootstrap.seed}).
        </p>
        <ReportExports className="mt-3" href={exportUrl} />
      </section>
      <div className="grid gap-8 lg:grid-cols-2">
        <StatisticsTable statistics={report.statistics} />
        <CountHeatmap
          title="Confusion matrix"
          testId="confusion-matrix"
          matrix={report.confusion}
          categories={report.categories}
          corner={`${titles.a} ↓ · ${titles.b} →`}
          note="Diagonal cells (bold) are agreements."
        />
      </div>
      {report.groups.length > 0 && (
        <GroupChart
          title={`Cohen's κ by ${report.groupBy.replace("_", " ")}`}
          groupLabel="Group"
          tableLabel="Agreement by group"
          groups={report.groups}
          overall={overall}
        />
      )}
      {report.positives && (
        <PositivesTable
          positives={{
            ...report.positives,
            llm: titleOf(report.positives.llm),
            human: titleOf(report.positives.human),
          }}
        />
      )}
    </div>
  );
}
