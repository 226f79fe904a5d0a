import type { AgreementReport } from "@/lib/domain/agreement/build-agreement-report";
import { TARGET_WORDS } from "@/lib/domain/targets";
import { CountHeatmap } from "../reports/count-heatmap";
import { LeftOutNote } from "../reports/left-out-note";
import { GroupChart } from "../reports/group-chart";
import { PositivesTable } from "../reports/positives-table";
import { StatisticsTable } from "../reports/statistics-table";
import { ReportExports } from "@/components/reports/report-exports";
import { bootstrapSentence, fixed, interval, percent } from "@/components/reports/format";
import { DataTable } from "@/components/ui/data-table";
import { signedPoints } from "@/components/ui/wording";

/** Two label sets compared: statistics, confusion matrix, per-group κ and FreshStack's calibration table. */
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
    `/api/studies/${studyId}/reports/agreement?${new URLSearchParams({ a: report.sets.a, b: report.sets.b, group: report.groupBy, format })}`;
  const overall = report.statistics.find((s) => s.metric === "cohen-kappa")?.value ?? null;
  const titleOf = (name: string) => (name === report.sets.a ? titles.a : name === report.sets.b ? titles.b : name);
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
          {bootstrapSentence(report.bootstrap, "targets", report.statistics.find((s) => s.withheld)?.withheld)}{" "}
          Campaigns&apos; gold items are never counted: they make no labels (Annotator quality gives their figures).
        </p>
        <div className="mt-2">
          <LeftOutNote leftOut={report.leftOut} />
        </div>
        {report.targetKinds.length > 1 && (
          <p role="note" data-testid="pooled-kinds" className="mt-2 text-sm text-amber-900">
            Pooled:{" "}
            {report.targetKinds.map((k) => `${k.items.toLocaleString("en")} ${TARGET_WORDS[k.kind]}`).join(" and ")},
            each read {report.binarized ? "through its scale's binarization" : "on the shared scale"}. Group by question
            or nugget, or compare label sets of one kind, to see them apart.
          </p>
        )}
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
      {report.bias && <BiasView bias={report.bias} title={titleOf(report.bias.llm)} />}
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

/** How the LLM leans against people: leniency, over- and under-calling per level, agreement by chunk length. */
function BiasView({ bias, title }: { bias: NonNullable<AgreementReport["bias"]>; title: string }) {
  const lean = bias.leniency.value;
  return (
    <section aria-labelledby="bias-heading" className="space-y-4" data-testid="judge-bias">
      <h3 id="bias-heading" className="font-semibold">
        How {title} leans
      </h3>
      <p className="text-sm" data-testid="leniency">
        Leniency: {title} calls {lean === null ? "—" : signedPoints(lean)} more targets positive than people do (95%
        interval {interval(bias.leniency.low, bias.leniency.high)}
        {lean === null ? "" : lean > 0 ? "; it is lenient" : lean < 0 ? "; it is strict" : ""}).
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <DataTable
          label="Over- and under-calling per level"
          rows={bias.levels}
          rowKey={(l) => l.level}
          columns={[
            { header: "Level", cell: (l) => l.level },
            { header: title, numeric: true, cell: (l) => percent(l.llm) },
            { header: "People", numeric: true, cell: (l) => percent(l.people) },
            { header: "Difference", numeric: true, className: "font-mono", cell: (l) => signedPoints(l.difference) },
          ]}
        />
        {bias.byLength.length > 0 && (
          <DataTable
            label="Agreement by chunk length"
            rows={bias.byLength}
            rowKey={(q) => q.quartile}
            columns={[
              {
                header: "Chunk length (characters)",
                cell: (q) => `${q.from.toLocaleString("en")}–${q.to.toLocaleString("en")}`,
              },
              { header: "Targets", numeric: true, cell: (q) => q.items.toLocaleString("en") },
              { header: "Agreement", numeric: true, className: "font-mono", cell: (q) => fixed(q.agreement) },
              { header: "κ", numeric: true, className: "font-mono", cell: (q) => fixed(q.kappa.value) },
              {
                header: "95% interval",
                numeric: true,
                className: "font-mono text-stone-600",
                cell: (q) => interval(q.kappa.low, q.kappa.high),
              },
            ]}
          />
        )}
      </div>
    </section>
  );
}
