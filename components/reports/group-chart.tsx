"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { StatisticWithInterval } from "@/lib/domain/agreement/bootstrap";
import { fixed, interval } from "./format";
import { DataTable } from "@/components/ui/data-table";

type GroupRow = { group: string; items: number; agreement: number | null; kappa: StatisticWithInterval };

/** Cohen's κ per group with its interval and the overall κ as a line (FeB4RAG's figure 2), plus the same numbers as a table. */
export function GroupChart({
  title,
  groupLabel,
  tableLabel,
  groups,
  overall,
}: {
  title: string;
  groupLabel: string;
  tableLabel: string;
  groups: GroupRow[];
  overall: number | null;
}) {
  const data = groups.map((g) => ({
    group: g.group,
    kappa: g.kappa.value ?? 0,
    error:
      g.kappa.value === null || g.kappa.low === null || g.kappa.high === null
        ? [0, 0]
        : [g.kappa.value - g.kappa.low, g.kappa.high - g.kappa.value],
  }));
  return (
    <section aria-labelledby="groups-heading">
      <h3 id="groups-heading" className="mb-2 font-semibold">
        {title}
      </h3>
      <div
        className="h-72 w-full"
        role="img"
        aria-label={`Bar chart: ${title}, with 95% intervals; overall ${fixed(overall)}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 16, right: 88, bottom: 56, left: 32 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="group" angle={-30} textAnchor="end" interval={0} tick={{ fontSize: 11 }} />
            <YAxis domain={[-0.2, 1]} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => fixed(Number(value))} />
            <Bar dataKey="kappa" name="κ" fill="#57534e" isAnimationActive={false}>
              <ErrorBar dataKey="error" direction="y" width={6} strokeWidth={1.5} stroke="#1c1917" />
            </Bar>
            {overall !== null && (
              <ReferenceLine
                y={overall}
                stroke="#b91c1c"
                strokeDasharray="6 3"
                label={{ value: `overall ${fixed(overall)}`, position: "right", fontSize: 11 }}
              />
            )}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <DataTable
        className="mt-2"
        label={tableLabel}
        minWidth="max-w-2xl"
        rows={groups}
        rowKey={(g) => g.group}
        columns={[
          { header: groupLabel, cell: (g) => g.group },
          { header: "Targets", numeric: true, cell: (g) => g.items },
          { header: "Agreement", numeric: true, className: "font-mono", cell: (g) => fixed(g.agreement) },
          { header: "κ", numeric: true, className: "font-mono", cell: (g) => fixed(g.kappa.value) },
          {
            header: "95% interval",
            numeric: true,
            className: "font-mono text-stone-600",
            cell: (g) => interval(g.kappa.low, g.kappa.high),
          },
        ]}
      />
    </section>
  );
}
