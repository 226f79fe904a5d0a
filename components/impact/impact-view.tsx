import type { ImpactQuery, ImpactReport } from "@/lib/schemas/impact";
import { LabelSetForm } from "../reports/label-set-form";
import { labelSetTitle } from "@/lib/domain/label-sets";
import { count } from "@/components/ui/wording";
import { Slopegraph } from "./slopegraph";
import { ScrollX } from "@/components/ui/scroll-x";
import { ReportPage } from "@/components/ui/report-page";

const fixed = (v: number | null) => (v === null ? "—" : v.toFixed(3));

/** Which label sets to compare, and the runs' scores under both. */
export function ImpactView({
  study,
  sources,
  query,
  report,
  error,
}: {
  study: { id: number; name: string } & Parameters<typeof labelSetTitle>[1];
  sources: { value: string; label: string }[];
  query: ImpactQuery;
  report: ImpactReport | null;
  error: string | null;
}) {
  return (
    <ReportPage
      back={{ href: `/studies/${study.id}`, label: study.name }}
      title="Benchmark impact"
      description={
        <>
          Do the conclusions change when one label set replaces another? The study&apos;s runs scored under both,
          FreshStack&apos;s way.
        </>
      }
      controls={
        <>
          <LabelSetForm sources={sources} query={query} submit="Score the runs" />
        </>
      }
      error={error}
    >
      {report && (
        <>
          <a
            className="mt-4 inline-block rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100"
            download
            href={`/api/studies/${study.id}/reports/impact?${new URLSearchParams({ a: report.sets.a, b: report.sets.b })}`}
          >
            Export JSON
          </a>
          <ImpactReportView
            report={report}
            titles={{ a: labelSetTitle(report.sets.a, study), b: labelSetTitle(report.sets.b, study) }}
          />
        </>
      )}
    </ReportPage>
  );
}

function ImpactReportView({ report, titles }: { report: ImpactReport; titles: { a: string; b: string } }) {
  return (
    <div className="mt-6 space-y-8" data-testid="impact-report">
      <p className="text-sm text-stone-600" data-testid="impact-summary">
        {count(report.systems.length, "system")} over {count(report.questions, "question")}
        {report.questions < report.questionsWithNuggets
          ? ` (of ${report.questionsWithNuggets} with nuggets)`
          : " with nuggets"}
        ; A = {titles.a}, B = {titles.b}. Scores average every question (a question a run misses scores 0).
      </p>
      {report.questions < report.questionsWithNuggets && (
        <p
          role="note"
          data-testid="impact-coverage"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Computed on {report.questions} of {report.questionsWithNuggets} questions: A judged{" "}
          {count(report.judged.a, "question")}, B judged {count(report.judged.b, "question")}. Both are scored on the
          questions both judged, so that an unjudged question does not count as unsupported.
        </p>
      )}
      <section aria-labelledby="tau-heading">
        <h2 id="tau-heading" className="mb-2 text-lg font-semibold">
          Ranking agreement
        </h2>
        <ScrollX>
          <table className="text-sm" aria-label="Kendall's tau-b">
            <thead className="text-left text-stone-500">
              <tr>
                <th className="py-1 pr-6 font-medium">Metric</th>
                <th className="py-1 pr-6 text-right font-medium">Kendall&apos;s τ-b</th>
                <th className="py-1 font-medium">Systems that swap places</th>
              </tr>
            </thead>
            <tbody>
              {report.metrics.map((m) => (
                <tr key={m} className="border-t border-stone-200" data-testid={`tau-${m}`}>
                  <td className="py-1 pr-6">{m}</td>
                  <td className="py-1 pr-6 text-right font-mono tabular-nums">
                    {fixed(report.kendallTauB[m] ?? null)}
                  </td>
                  <td className="py-1">
                    {report.swaps[m]!.length === 0
                      ? "none"
                      : report.swaps[m]!.map(([x, y]) => `${x} ↔ ${y}`).join(", ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </section>
      <section aria-labelledby="scores-heading">
        <h2 id="scores-heading" className="mb-2 text-lg font-semibold">
          Scores
        </h2>
        <ScrollX>
          <table className="text-sm" aria-label="Scores under both label sets">
            <thead className="text-left text-stone-500">
              <tr>
                <th className="py-1 pr-6 font-medium">System</th>
                {report.metrics.map((m) => (
                  <th key={m} colSpan={2} className="py-1 pr-6 text-center font-medium">
                    {m} (A · B)
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.systems.map((s) => (
                <tr key={s.name} className="border-t border-stone-200">
                  <td className="py-1 pr-6 font-mono text-xs">{s.name}</td>
                  {report.metrics.map((m) => [
                    <td key={`${m}a`} className="py-1 pr-2 text-right font-mono tabular-nums">
                      {fixed(s.scores[m]!.a)}
                    </td>,
                    <td key={`${m}b`} className="py-1 pr-6 text-right font-mono tabular-nums">
                      {fixed(s.scores[m]!.b)}
                    </td>,
                  ])}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        {report.metrics.map((m) => (
          <Slopegraph
            key={m}
            metric={m}
            sets={{ a: "A", b: "B" }}
            systems={report.systems.map((s) => ({ name: s.name, ...s.scores[m]! }))}
          />
        ))}
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="questions-heading">
          <h2 id="questions-heading" className="mb-2 text-lg font-semibold">
            Questions that move most ({report.metrics[0]}, mean over systems)
          </h2>
          <ScrollX>
            <table className="text-sm" aria-label="Per-question differences">
              <thead className="text-left text-stone-500">
                <tr>
                  <th className="py-1 pr-6 font-medium">Question</th>
                  <th className="py-1 pr-4 text-right font-medium">A</th>
                  <th className="py-1 pr-4 text-right font-medium">B</th>
                  <th className="py-1 text-right font-medium">B − A</th>
                </tr>
              </thead>
              <tbody>
                {report.perQuestion.map((q) => (
                  <tr key={q.question} className="border-t border-stone-200">
                    <td className="py-1 pr-6 font-mono text-xs">{q.question}</td>
                    <td className="py-1 pr-4 text-right font-mono tabular-nums">{fixed(q.a)}</td>
                    <td className="py-1 pr-4 text-right font-mono tabular-nums">{fixed(q.b)}</td>
                    <td className="py-1 text-right font-mono tabular-nums">
                      {(q.b - q.a >= 0 ? "+" : "") + (q.b - q.a).toFixed(3)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        </section>
        <section aria-labelledby="filters-heading">
          <h2 id="filters-heading" className="mb-2 text-lg font-semibold">
            FreshStack&apos;s filters
          </h2>
          <ScrollX>
            <table className="text-sm" aria-label="FreshStack filters">
              <thead className="text-left text-stone-500">
                <tr>
                  <th className="py-1 pr-6 font-medium"></th>
                  <th className="py-1 pr-4 text-right font-medium">A</th>
                  <th className="py-1 text-right font-medium">B</th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-t border-stone-200">
                  <td className="py-1 pr-6">Questions with no supported nugget (of {report.questions})</td>
                  <td className="py-1 pr-4 text-right tabular-nums">{report.filters.unsupportedQuestions.a}</td>
                  <td className="py-1 text-right tabular-nums">{report.filters.unsupportedQuestions.b}</td>
                </tr>
                <tr className="border-t border-stone-200">
                  <td className="py-1 pr-6">Nuggets no chunk supports (of {report.filters.nuggets})</td>
                  <td className="py-1 pr-4 text-right tabular-nums">{report.filters.unsupportedNuggets.a}</td>
                  <td className="py-1 text-right tabular-nums">{report.filters.unsupportedNuggets.b}</td>
                </tr>
              </tbody>
            </table>
          </ScrollX>
        </section>
      </div>
    </div>
  );
}
