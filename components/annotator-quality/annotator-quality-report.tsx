import type {
  AnnotatorQuality,
  AnnotatorQualityReport,
} from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import type { ReferenceAgreement } from "@/lib/domain/annotator-quality/annotator-figures";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { bootstrapSentence, fixed, interval, percent } from "@/components/reports/format";
import { IntervalDots } from "@/components/reports/interval-dots";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable, type Column } from "@/components/ui/data-table";
import { count } from "@/components/ui/wording";
import { levelLabel } from "./level-label";
import { LevelShares } from "./level-shares";
import { ConfusionTables, PairKappaTable } from "./pair-tables";

const share = (r: ReferenceAgreement | null) =>
  r === null || r.accuracy === null ? "—" : `${percent(r.accuracy)} of ${r.items}`;
/** Kappa, its interval under it in small type. */
const kappa = (r: ReferenceAgreement | null) =>
  r === null || r.kappa.value === null ? (
    "—"
  ) : (
    <>
      {fixed(r.kappa.value)}
      {r.kappa.low !== null && r.kappa.high !== null && (
        <span className="block text-xs text-stone-500">{interval(r.kappa.low, r.kappa.high)}</span>
      )}
    </>
  );
const seconds = (s: number | null) => (s === null ? "—" : `${s.toFixed(1)} s`);

/** A campaign's annotator quality: the summary, one table, a chart per measure, the pairs and the confusions. */
export function AnnotatorQualityReportView({ studyId, report }: { studyId: number; report: AnnotatorQualityReport }) {
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/annotator-quality?${new URLSearchParams({ campaign: String(report.campaign.id), format })}`;
  const a = report.annotators;
  return (
    <div className="mt-6 space-y-8" data-testid="annotator-quality-report">
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Annotators of {report.campaign.name}
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
          {count(a.length, "annotator")}, {count(report.labels, "label")} on {report.scale.name}
          {report.unit === "nugget" ? " (one per nugget of an answer)" : ""};{" "}
          {report.goldItems === 0 ? "no gold items" : `${count(report.goldItems, "gold item")} mixed in`}.
          {report.llm.judge ? ` LLM compared: ${report.llm.judge}.` : ""} Accuracy intervals are Wilson&apos;s 95%, at
          any number of items; κ: {bootstrapSentence(REPORT_BOOTSTRAP, "items")}
        </p>
        <ReportExports className="mt-3" href={exportUrl} />
      </section>
      {a.length === 0 ? (
        <p className="text-sm text-stone-600">Nobody has labelled or skipped an item of this campaign yet.</p>
      ) : (
        <>
          <FiguresTable report={report} />
          <Notes report={report} />
          <QualityCharts annotators={a} unit={report.unit} />
          <LevelShares report={report} />
          <PairKappaTable report={report} />
          <ConfusionTables report={report} />
        </>
      )}
    </div>
  );
}

/** Why a reference is missing, when one is. */
function Notes({ report }: { report: AnnotatorQualityReport }) {
  const notes = [
    report.goldItems === 0 &&
      report.unit === "item" &&
      "No gold items: choose a reference label set under “Gold items” when you create a support or relevance campaign.",
    report.unit === "nugget" &&
      "Each nugget of an answer counts as one label: its seconds are the answer's time on screen shared among its nuggets, and skips count answers.",
    report.adjudicated.reason,
    report.llm.reason,
  ].filter((n): n is string => Boolean(n));
  if (notes.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-stone-600" aria-label="Notes">
      {notes.map((n) => (
        <li key={n}>
          {n.charAt(0).toUpperCase()}
          {n.slice(1).replace(/\.?$/, ".")}
        </li>
      ))}
    </ul>
  );
}

/** Figures kept on one line each: a number broken over two lines reads as two. */
const nowrap = (columns: Column<AnnotatorQuality>[]): Column<AnnotatorQuality>[] =>
  columns.map((c) => ({ ...c, className: `whitespace-nowrap ${c.className ?? ""}` }));

/** One row per annotator: their figures and their agreement with each reference. */
function FiguresTable({ report }: { report: AnnotatorQualityReport }) {
  return (
    <DataTable
      label="Annotator figures"
      stackOnPhone
      minWidth="min-w-[60rem]"
      rows={report.annotators}
      rowKey={(x) => x.annotator}
      columns={nowrap([
        { header: "Annotator", cell: (x) => x.annotator },
        { header: "Labels", numeric: true, cell: (x) => x.labels },
        { header: "Skips", numeric: true, cell: (x) => x.skips },
        { header: "Median seconds", numeric: true, cell: (x) => seconds(x.medianSeconds) },
        { header: "90th pct. seconds", numeric: true, cell: (x) => seconds(x.p90Seconds) },
        { header: "Drift", numeric: true, cell: (x) => fixed(x.drift, 2) },
        {
          header: "Longest run",
          numeric: true,
          cell: (x) => (x.longestRun ? `${x.longestRun.length} × ${levelLabel(report, x.longestRun.level)}` : "—"),
        },
        { header: "Gold accuracy", numeric: true, cell: (x) => share(x.gold) },
        {
          header: "Gold κ",
          numeric: true,
          cell: (x) => kappa(x.gold),
          title: (x) => x.gold.kappa.reason,
        },
        { header: "Adjudicated agreement", numeric: true, cell: (x) => share(x.adjudicated) },
        { header: "Adjudicated κ", numeric: true, cell: (x) => kappa(x.adjudicated) },
        { header: "LLM agreement", numeric: true, cell: (x) => share(x.llm) },
        { header: "LLM κ", numeric: true, cell: (x) => kappa(x.llm) },
      ])}
    />
  );
}

/** A chart per measure, every annotator on one axis: accuracies with their intervals, then the figures. */
function QualityCharts({ annotators: a, unit }: { annotators: AnnotatorQuality[]; unit: "item" | "nugget" }) {
  const dots = (pick: (x: AnnotatorQuality) => number | null) =>
    a.map((x) => ({ name: x.annotator, value: pick(x), low: null, high: null }));
  const agreement = (pick: (x: AnnotatorQuality) => ReferenceAgreement | null) =>
    a.map((x) => {
      const r = pick(x);
      return {
        name: x.annotator,
        value: r?.accuracy ?? null,
        low: r?.interval?.low ?? null,
        high: r?.interval?.high ?? null,
      };
    });
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <IntervalDots title="Accuracy on gold items" rows={agreement((x) => x.gold)} unit="annotators" />
      <IntervalDots
        title="Agreement with the adjudicated labels"
        rows={agreement((x) => x.adjudicated)}
        unit="annotators"
      />
      <IntervalDots title="Agreement with the LLM" rows={agreement((x) => x.llm)} unit="annotators" />
      <IntervalDots title={`Median seconds per ${unit}`} rows={dots((x) => x.medianSeconds)} unit="annotators" />
      <IntervalDots title={`90th percentile seconds per ${unit}`} rows={dots((x) => x.p90Seconds)} unit="annotators" />
      <IntervalDots title="Skips" rows={dots((x) => x.skips)} unit="annotators" />
      <IntervalDots title="Drift (first half against second)" rows={dots((x) => x.drift)} unit="annotators" />
      <IntervalDots
        title="Longest run of one level"
        rows={dots((x) => x.longestRun?.length ?? null)}
        unit="annotators"
      />
    </div>
  );
}
