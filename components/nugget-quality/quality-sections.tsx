import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { fixed, percent } from "../reports/format";
import { DataTable, type Column } from "@/components/ui/data-table";

type Quality = NuggetQualityReport["overall"]["micro"];

const mono = "font-mono";
export const QUALITY_METRICS = ["precision", "recall", "groundedness"] as const;
export const QUALITY_HEADERS = { precision: "Precision", recall: "Recall", groundedness: "Groundedness" } as const;

/** FreshStack's Table 5: nugget quality (macro) beside how experts labelled the pairs the LLM called positive. */
export function Table5Section({ report }: { report: NuggetQualityReport }) {
  const levels = report.judgment?.levels ?? [];
  return (
    <section aria-labelledby="table5-heading">
      <h2 id="table5-heading" className="mb-1 text-lg font-semibold">
        Nugget and judgment quality
      </h2>
      <p className="mb-2 text-sm text-stone-600">
        In the shape of FreshStack&apos;s Table 5: nugget quality (macro, the mean over reviews) beside how experts
        labelled the pairs the LLM called positive
        {report.judgment
          ? ` (${report.judgment.campaign.name}, ${report.judgment.pairs} pairs)`
          : ` (${report.judgmentNote ?? "choose a support campaign above"})`}
        .
      </p>
      <DataTable
        label="Nugget and judgment quality"
        narrow
        rows={[report]}
        rowKey={() => "overall"}
        columns={[
          ...QUALITY_METRICS.map((m): Column<NuggetQualityReport> => ({
            header: QUALITY_HEADERS[m],
            numeric: true,
            className: mono,
            cell: (r) => fixed(r.overall.macro[m].value),
          })),
          ...levels.map((l): Column<NuggetQualityReport> => ({
            header: `LLM-positive judged ${l.level}`,
            numeric: true,
            className: mono,
            cell: () => `${percent(l.share)} (${l.count})`,
          })),
        ]}
      />
    </section>
  );
}

/** Precision, recall and groundedness over all annotators and per annotator, micro and macro. */
export function OverallSection({ report }: { report: NuggetQualityReport }) {
  const rows = [
    { who: "All annotators", reviews: report.reviews, ...report.overall, testId: "overall" },
    ...report.perAnnotator.map((a) => ({ who: a.annotator, ...a, testId: `annotator-${a.annotator}` })),
  ].flatMap((a) => (["micro", "macro"] as const).map((kind) => ({ ...a, kind, q: a[kind] })));
  return (
    <section aria-labelledby="overall-heading">
      <h2 id="overall-heading" className="mb-2 text-lg font-semibold">
        Overall and per annotator
      </h2>
      <DataTable
        label="Nugget quality overall and per annotator"
        narrow
        rows={rows}
        rowKey={(r) => `${r.testId}-${r.kind}`}
        rowProps={(r) => ({ "data-testid": `${r.testId}-${r.kind}` })}
        separator={(r) => r.kind === "micro"}
        columns={[
          { header: "Who", cell: (r) => (r.kind === "micro" ? r.who : "") },
          { header: "Averaging", className: "text-stone-600", cell: (r) => r.kind },
          { header: "Reviews", numeric: true, className: mono, cell: (r) => (r.kind === "micro" ? r.reviews : "") },
          { header: "Nuggets", numeric: true, className: mono, cell: (r) => (r.kind === "micro" ? r.q.nuggets : "") },
          ...QUALITY_METRICS.map((m): Column<{ q: Quality }> => ({
            header: QUALITY_HEADERS[m],
            numeric: true,
            className: mono,
            title: (r) => r.q[m].reason,
            cell: (r) => fixed(r.q[m].value),
          })),
        ]}
      />
      <p className="mt-1 text-xs text-stone-500">
        Micro counts every nugget once over all reviews; macro is the mean of each review&apos;s value (one
        annotator&apos;s review of one question), over the reviews where it is defined.
      </p>
    </section>
  );
}

/** Precision and groundedness by the nugget's position in its list, and how often a minor one is the last. */
export function PositionSection({ report }: { report: NuggetQualityReport }) {
  return (
    <section aria-labelledby="position-heading">
      <h2 id="position-heading" className="mb-1 text-lg font-semibold">
        By nugget position
      </h2>
      <p className="mb-2 text-sm text-stone-600" data-testid="last-nugget-share">
        {report.lastNuggetShare.value === null
          ? "No nugget is marked minor or redundant."
          : `${percent(report.lastNuggetShare.value)} of the nuggets marked minor or redundant are their question's last (FreshStack: about half).`}
      </p>
      <DataTable
        label="Nugget quality by position"
        narrow
        rows={report.byPosition}
        rowKey={(p) => p.position}
        columns={[
          { header: "Position", cell: (p) => p.position },
          { header: "Nuggets", numeric: true, className: mono, cell: (p) => p.nuggets },
          { header: "Precision", numeric: true, className: mono, cell: (p) => fixed(p.precision) },
          { header: "Groundedness", numeric: true, className: mono, cell: (p) => fixed(p.groundedness) },
        ]}
      />
      {report.byImportance.some((i) => i.importance !== "not graded") && (
        <DataTable
          className="mt-4"
          label="Nugget quality by importance"
          narrow
          rows={report.byImportance}
          rowKey={(i) => i.importance}
          columns={[
            { header: "Importance", cell: (i) => i.importance },
            { header: "Nuggets", numeric: true, className: mono, cell: (i) => i.nuggets },
            { header: "Precision", numeric: true, className: mono, cell: (i) => fixed(i.precision) },
            { header: "Groundedness", numeric: true, className: mono, cell: (i) => fixed(i.groundedness) },
          ]}
        />
      )}
    </section>
  );
}
