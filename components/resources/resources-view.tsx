import type { ResourceReport } from "@/lib/domain/resources/build-resources-report";
import { LabelSetPairPage, type LabelSetPairProps } from "@/components/reports/label-set-pair-page";
import { RelevantEnginesChart } from "./relevant-engines-chart";
import { count } from "@/components/ui/wording";
import { DataTable } from "@/components/ui/data-table";
import { ReportExports } from "@/components/reports/report-exports";

const SHOWN_REQUESTS = 25;
const score = (v: number | null) => (v === null ? "—" : String(v));
const mean = (v: number | null) => (v === null ? "—" : v.toFixed(1));

/** A federated study's resources (FeB4RAG) under two label sets. */
export function ResourcesView(page: LabelSetPairProps<ResourceReport>) {
  return (
    <LabelSetPairPage
      title="Federated resources"
      description={
        <>
          Does resource selection change when one label set replaces another? Each engine&apos;s graded precision per
          request (FeB4RAG eq. 1: 100 · Σ w / 10 over its ten results, w = 0, 0.25, 0.5, 1 for not relevant, minimal,
          high, key; rounded up) and how many engines hold relevant results.
        </>
      }
      submit="Score the engines"
      page={page}
    >
      {(report, titles) => <ResourceReportView studyId={page.study.id} report={report} titles={titles} />}
    </LabelSetPairPage>
  );
}

function ResourceReportView({
  studyId,
  report,
  titles,
}: {
  studyId: number;
  report: ResourceReport;
  titles: { a: string; b: string };
}) {
  const exportHref = (format: string) =>
    `/api/studies/${studyId}/reports/resources?${new URLSearchParams({ a: report.sets.a, b: report.sets.b, format })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="resource-report">
      <ReportExports href={exportHref} />
      <p className="text-sm text-stone-600" data-testid="resource-summary">
        {count(report.engines.length, "engine")} over {count(report.requests, "request")}; A = {titles.a}, B ={" "}
        {titles.b}. Mean Kendall&apos;s τ-b between the engines&apos; scores per request:{" "}
        <span className="font-mono">{report.meanTauB === null ? "—" : report.meanTauB.toFixed(3)}</span>; the order of
        engines changes for {report.reordered} {report.reordered === 1 ? "request" : "requests"}.
        {(report.unscored.a > 0 || report.unscored.b > 0) &&
          ` Unscored (a result without a 0-3 label): ${report.unscored.a} engine-requests under A, ${report.unscored.b} under B.`}
      </p>
      <section aria-labelledby="engines-heading">
        <h2 id="engines-heading" className="mb-2 text-lg font-semibold">
          Engines
        </h2>
        <DataTable
          narrow
          label="Engines under both label sets"
          rows={report.perEngine}
          rowKey={(e) => e.engine}
          columns={[
            { header: "Engine", className: "font-mono text-xs", cell: (e) => e.engine },
            { header: "Mean precision A", numeric: true, className: "font-mono", cell: (e) => mean(e.mean.a) },
            { header: "B", numeric: true, className: "font-mono", cell: (e) => mean(e.mean.b) },
            { header: "Best for requests A", numeric: true, cell: (e) => e.best.a },
            { header: "B", numeric: true, cell: (e) => e.best.b },
          ]}
        />
      </section>
      <section aria-labelledby="relevant-heading">
        <h2 id="relevant-heading" className="mb-2 text-lg font-semibold">
          Engines with relevant results per request
        </h2>
        <RelevantEnginesChart sets={titles} rows={report.relevantEngines} />
      </section>
      <RequestsThatMove report={report} />
    </div>
  );
}

/** The requests whose engine scores change most (the sum of |B − A| over engines), with what changes. */
function RequestsThatMove({ report }: { report: ResourceReport }) {
  const scores = new Map<string, ResourceReport["scores"]>();
  for (const s of report.scores) (scores.get(s.request) ?? scores.set(s.request, []).get(s.request)!).push(s);
  // requests where an engine's score or the engines holding relevant results differ
  const moved = report.perRequest.filter((r) => r.change > 0 || r.relevantEngines.a !== r.relevantEngines.b);
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="mb-2 text-lg font-semibold">
        Requests that move most
      </h2>
      {moved.length === 0 ? (
        <p className="text-sm text-stone-600">No engine&apos;s score changes for any request.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-stone-600">
            {moved.length > SHOWN_REQUESTS
              ? `The ${SHOWN_REQUESTS} of ${moved.length} requests`
              : `The ${moved.length} ${moved.length === 1 ? "request" : "requests"}`}{" "}
            whose engine scores change most (the sum of |B − A| over engines); every request is in the export.
          </p>
          <DataTable
            label="Requests that move most"
            rows={moved.slice(0, SHOWN_REQUESTS)}
            rowKey={(r) => r.request}
            rowProps={(r) => ({ className: "align-top", "data-testid": `request-${r.request}` })}
            columns={[
              {
                header: "Request",
                className: "max-w-md",
                cell: (r) => (
                  <>
                    <span className="font-mono text-xs">{r.request}</span>{" "}
                    <span className="text-stone-600">{r.text}</span>
                  </>
                ),
              },
              {
                header: "Relevant engines A · B",
                numeric: true,
                cell: (r) => `${r.relevantEngines.a} · ${r.relevantEngines.b}`,
              },
              {
                header: "τ-b",
                numeric: true,
                className: "font-mono",
                cell: (r) => (r.tauB === null ? "—" : r.tauB.toFixed(2)),
              },
              {
                header: "Engines that change (A → B)",
                className: "font-mono text-xs",
                cell: (r) =>
                  (scores.get(r.request) ?? [])
                    .filter((s) => s.a !== s.b)
                    .map((s) => `${s.engine} ${score(s.a)} → ${score(s.b)}`)
                    .join(", ") || "—",
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
