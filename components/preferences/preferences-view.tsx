import Link from "next/link";
import type { PreferenceReport } from "@/lib/domain/preferences/build-preferences-report";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { bootstrapSentence, fixed, interval, percent } from "../reports/format";
import { statisticColumns, type NamedStatistic } from "../reports/statistics-table";
import { PreferenceBars } from "./preference-bars";
import { DataTable, type Column } from "@/components/ui/data-table";
import { ChoiceField } from "@/components/reports/choice-field";
import { ReportPage } from "@/components/ui/report-page";
import { ReportExports } from "@/components/reports/report-exports";
import { ReportControls } from "@/components/reports/report-controls";

type Tally = PreferenceReport["verdict"]["pairs"][number];
type WinRate = PreferenceReport["verdict"]["winRates"][number];

/** The preferences page: whose preferences (a judge's labels or a campaign), an error if the choice failed, and the report. */
export function PreferencesView({
  study,
  sources,
  source,
  report,
  chosenFor,
  error,
}: {
  study: { id: number; name: string };
  sources: { value: string; label: string }[];
  source: string;
  report: PreferenceReport | null;
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
}) {
  return (
    <ReportPage
      title="Preferences"
      description={
        <>
          Which system&apos;s answers do people prefer, on each criterion and overall (the verdict: the system preferred
          on more criteria, a tie being no preference), as FeB4RAG reports them.
        </>
      }
      controls={
        <>
          {sources.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">
              No preferences yet: import them (FeB4RAG&apos;s selections) or{" "}
              <Link className="text-sky-700 hover:underline" href={`/studies/${study.id}/campaigns/new`}>
                create a preference campaign
              </Link>
              .
            </p>
          ) : (
            <ReportControls label="Preference source" submit="Show the report">
              <ChoiceField
                label="Whose preferences"
                name="source"
                className="sm:col-span-2"
                choices={sources}
                defaultValue={source}
                required
              />
            </ReportControls>
          )}
        </>
      }
      chosenFor={chosenFor}
      error={error}
    >
      {report && <PreferenceReportView studyId={study.id} report={report} />}
    </ReportPage>
  );
}

function PreferenceReportView({ studyId, report }: { studyId: number; report: PreferenceReport }) {
  const exportHref = (format: string) =>
    `/api/studies/${studyId}/reports/preferences?${new URLSearchParams({ source: report.source, format })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="preference-report">
      <ReportExports href={exportHref} />
      <p className="text-sm text-stone-600" data-testid="preference-summary">
        {report.judgments} {report.judgments === 1 ? "judgment" : "judgments"} of {report.items}{" "}
        {report.items === 1 ? "comparison" : "comparisons"} by {report.annotators}{" "}
        {report.annotators === 1 ? "judge" : "judges"}; systems {report.systems.join(", ")}.
      </p>
      {report.verdict.pairs.map((pair) => {
        const key = `${pair.first}|${pair.second}`;
        const rowsOf = (label: string, t: Tally | undefined) => ({
          label,
          first: t?.firstWins ?? 0,
          none: t?.none ?? 0,
          second: t?.secondWins ?? 0,
        });
        const find = (list: readonly Tally[]) => list.find((t) => t.first === pair.first && t.second === pair.second);
        return (
          <section key={key} aria-label={`${pair.first} versus ${pair.second}`} className="space-y-6">
            <h2 className="text-lg font-semibold">
              <span className="font-mono text-base">{pair.first}</span> versus{" "}
              <span className="font-mono text-base">{pair.second}</span>
            </h2>
            <div>
              <h3 className="mb-1 font-medium">Per criterion</h3>
              <PreferenceBars
                title="Preferences per criterion"
                first={pair.first}
                second={pair.second}
                rows={[...report.perCriterion.map((c) => rowsOf(c.name, find(c.pairs))), rowsOf("Verdict", pair)]}
              />
              <DataTable
                label={`Preferences per criterion: ${pair.first} versus ${pair.second}`}
                narrow
                className="mt-2"
                rows={[
                  ...report.perCriterion.map((c) => ({
                    name: c.name,
                    tally: find(c.pairs),
                    winRate: c.winRates.find((w) => w.first === pair.first && w.second === pair.second),
                  })),
                  {
                    name: "Verdict",
                    tally: pair,
                    winRate: report.verdict.winRates.find((w) => w.first === pair.first && w.second === pair.second),
                  },
                ]}
                rowKey={(r) => r.name}
                rowProps={(r) => ({ "data-testid": `tally-${r.name}` })}
                columns={tallyColumns(pair.first, pair.second)}
              />
              <p className="mt-1 text-xs text-stone-500">
                Win rate: of the judgments preferring one of the two, the share preferring {pair.first} (no-preferences
                left out), with Wilson&apos;s interval.
              </p>
            </div>
            {report.perGroup.length > 1 && (
              <div>
                <h3 className="mb-1 font-medium">Verdicts per group</h3>
                <PreferenceBars
                  title="Verdicts per group"
                  first={pair.first}
                  second={pair.second}
                  rows={report.perGroup.map((g) => rowsOf(g.group, find(g.pairs)))}
                />
              </div>
            )}
          </section>
        );
      })}
      <section aria-labelledby="bias-heading">
        <h2 id="bias-heading" className="mb-1 text-lg font-semibold">
          Position bias
        </h2>
        <p className="text-sm text-stone-700" data-testid="position-bias">
          {report.positionBias
            ? `The response on the left was chosen in ${report.positionBias.left} of ${report.positionBias.decided} choices for a side (${percent(report.positionBias.share)}, 95% interval ${interval(report.positionBias.low, report.positionBias.high)}); 50% means no bias.`
            : "Unknown: these preferences do not record which answer was shown on the left (imported labels)."}
        </p>
      </section>
      {report.agreement && (
        <section aria-labelledby="pref-agreement-heading">
          <h2 id="pref-agreement-heading" className="mb-2 text-lg font-semibold">
            Agreement between annotators
          </h2>
          <p className="mb-2 text-sm text-stone-600">
            {bootstrapSentence(
              REPORT_BOOTSTRAP,
              "items",
              report.agreement.flatMap((a) => a.statistics).find((s) => s.withheld)?.withheld,
            )}
          </p>
          <DataTable
            label="Agreement between annotators per criterion"
            narrow
            rows={report.agreement.flatMap((a) => a.statistics.map((statistic) => ({ ...a, statistic })))}
            rowKey={(r) => `${r.criterion}-${r.statistic.metric}`}
            columns={[
              {
                header: "Criterion",
                cell: (r) => report.criteria.find((c) => c.id === r.criterion)?.name ?? r.criterion,
              },
              { header: "Items", numeric: true, className: "font-mono", cell: (r) => r.items },
              ...statisticColumns((r: { statistic: NamedStatistic }) => r.statistic),
            ]}
          />
        </section>
      )}
      {report.bradleyTerry && (
        <section aria-labelledby="bt-heading">
          <h2 id="bt-heading" className="mb-2 text-lg font-semibold">
            Bradley-Terry strengths
          </h2>
          <DataTable
            label="Bradley-Terry strengths"
            narrow
            rows={report.bradleyTerry}
            rowKey={(b) => b.system}
            columns={[
              { header: "System", className: "font-mono text-xs", cell: (b) => b.system },
              {
                header: "Strength (verdicts; sums to 1)",
                numeric: true,
                className: "font-mono",
                cell: (b) => fixed(b.strength),
              },
            ]}
          />
        </section>
      )}
    </div>
  );
}

/** A pair's tallies per criterion: each side's wins and the no-preferences (count and share), and the first's win rate. */
function tallyColumns(
  first: string,
  second: string,
): Column<{ name: string; tally: Tally | undefined; winRate: WinRate | undefined }>[] {
  const cell = (tally: Tally | undefined, count: (t: Tally) => number) => {
    const n = tally ? tally.firstWins + tally.none + tally.secondWins : 0;
    const c = tally ? count(tally) : 0;
    return `${c} (${n === 0 ? "—" : percent(c / n)})`;
  };
  const mono = "font-mono";
  return [
    { header: "Criterion", cell: (r) => r.name },
    { header: first, numeric: true, className: mono, cell: (r) => cell(r.tally, (t) => t.firstWins) },
    { header: "No preference", numeric: true, className: mono, cell: (r) => cell(r.tally, (t) => t.none) },
    { header: second, numeric: true, className: mono, cell: (r) => cell(r.tally, (t) => t.secondWins) },
    { header: `${first} win rate`, numeric: true, className: mono, cell: (r) => fixed(r.winRate?.rate ?? null) },
    {
      header: "95% interval",
      numeric: true,
      className: mono,
      cell: (r) => interval(r.winRate?.low ?? null, r.winRate?.high ?? null),
    },
  ];
}
