"use client";

import { useState } from "react";
import type { JudgeAgreement } from "@/lib/domain/judge-agreement/build-judge-agreement";
import { bootstrapSentence, fixed, interval, statisticLabel } from "@/components/reports/format";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable, type Column } from "@/components/ui/data-table";
import { IntervalDots } from "@/components/reports/interval-dots";

type JudgeRow = JudgeAgreement["judges"][number];
type Interval = { value: number | null; low: number | null; high: number | null; reason?: string };

/** A sortable column: its key, header, and the value (with an interval where it has one) of a row. */
type SortColumn = { key: string; header: string; value: (row: JudgeRow) => Interval | null; interval: boolean };

const statistic = (metric: string) => (row: JudgeRow) => row.statistics.find((s) => s.metric === metric) ?? null;

/** The columns a judge's row can be sorted by: the statistics, κ binarized at each level, and with runs τ and ρ. */
function sortColumnsOf(report: JudgeAgreement): SortColumn[] {
  return [
    { key: "cohen-kappa", header: "κ", value: statistic("cohen-kappa"), interval: true },
    {
      key: "krippendorff-alpha-ordinal",
      header: "α (ordinal)",
      value: statistic("krippendorff-alpha-ordinal"),
      interval: true,
    },
    {
      key: "weighted-kappa-quadratic",
      header: "κ (quadratic)",
      value: statistic("weighted-kappa-quadratic"),
      interval: true,
    },
    { key: "percent-agreement", header: "Agreement", value: statistic("percent-agreement"), interval: true },
    ...(report.levels ?? []).slice(1).map((level) => ({
      key: `binarized:${level}`,
      header: `κ ≥ ${level}`,
      value: (row: JudgeRow) => row.binarized.find((b) => b.level === level)?.kappa ?? null,
      interval: true,
    })),
    ...(report.systems
      ? [
          {
            key: "tau",
            header: "τ",
            value: (r: JudgeRow) => ({ value: r.ranking?.tau ?? null, low: null, high: null }),
            interval: false,
          },
          {
            key: "rho",
            header: "ρ",
            value: (r: JudgeRow) => ({ value: r.ranking?.rho ?? null, low: null, high: null }),
            interval: false,
          },
        ]
      : []),
  ];
}

/**
 * Every judge against one reference (LLMJudge's Tables 3 and 4): a table sortable by any
 * statistic, the chosen statistic's intervals as a dot chart, and, with runs, each judge's system
 * ranking against the reference's (Kendall's tau, Spearman's rho).
 */
export function JudgeAgreementView({ studyId, report }: { studyId: number; report: JudgeAgreement }) {
  const sortColumns = sortColumnsOf(report);
  const [sort, setSort] = useState<{ key: string; descending: boolean }>({ key: "cohen-kappa", descending: true });
  const sortColumn = sortColumns.find((c) => c.key === sort.key);
  const rows = report.judges.toSorted((x, y) => {
    if (!sortColumn) return sort.descending ? (x.judge < y.judge ? 1 : -1) : x.judge < y.judge ? -1 : 1;
    const [a, b] = [sortColumn.value(x)?.value ?? null, sortColumn.value(y)?.value ?? null];
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1; // undefined values last
    return (sort.descending ? b - a : a - b) || (x.judge < y.judge ? -1 : 1);
  });
  const charted = sortColumn?.interval ? sortColumn : sortColumns[0]!;
  const sortButton = (key: string, header: string) => (
    <button
      type="button"
      className="font-medium underline decoration-dotted underline-offset-2 hover:text-stone-900"
      onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== "judge" }))}
    >
      {header}
      {sort.key === key ? (sort.descending ? " ↓" : " ↑") : ""}
    </button>
  );
  const sorted = (key: string) => (sort.key === key ? (sort.descending ? "descending" : "ascending") : "none");
  const columns: Column<JudgeRow>[] = [
    {
      header: sortButton("judge", "Judge"),
      sorted: sorted("judge"),
      cell: (r) => `${r.judge}${r.kind === "human" ? " (human)" : ""}`,
    },
    { header: "Items", numeric: true, cell: (r) => r.items.toLocaleString("en") },
    ...sortColumns.map((c): Column<JudgeRow> => ({
      header: sortButton(c.key, c.header),
      sorted: sorted(c.key),
      numeric: true,
      className: "font-mono",
      title: (r) => {
        const v = c.value(r);
        return v?.reason ?? (c.interval && v ? `95% interval ${interval(v.low, v.high)}` : undefined);
      },
      cell: (r) => fixed(c.value(r)?.value ?? null),
    })),
  ];
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/judge-agreement?${new URLSearchParams({ reference: report.reference, measure: report.measure, format })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="judge-agreement-report">
      <section aria-labelledby="judges-heading">
        <h2 id="judges-heading" className="text-lg font-semibold">
          All judges against {report.reference}
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
          {report.judges.length} judges, each on the targets it and {report.reference} both labelled.
          {report.levels && ` κ ≥ L: labels binarized at level L (L and above count as 1).`}{" "}
          {report.systems
            ? `τ and ρ: Kendall's and Spearman's correlation of the ${report.systems.length} systems ranked by ${report.measure} under each judge's labels and under ${report.reference}'s.`
            : `No system rankings to compare: the study has no runs, or ${report.reference} has no relevance labels of (question, chunk) pairs.`}{" "}
          Hover a value for its interval: {bootstrapSentence(report.bootstrap, "targets")} Sort by a column&apos;s
          heading.
        </p>
        <ReportExports className="mt-3" href={exportUrl} />
      </section>
      <DataTable
        label={`All judges against ${report.reference}`}
        rows={rows}
        rowKey={(r) => r.judge}
        rowProps={(r) => ({ "data-testid": `judge-row-${r.judge}` })}
        columns={columns}
        minWidth="min-w-[44rem]"
      />
      <IntervalDots
        title={`${charted.header === "κ" ? statisticLabel("cohen-kappa") : charted.header} with its 95% interval`}
        unit="judges"
        rows={rows.map((r) => ({ name: r.judge, ...(charted.value(r) ?? { value: null, low: null, high: null }) }))}
      />
    </div>
  );
}
