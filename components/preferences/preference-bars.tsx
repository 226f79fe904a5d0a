"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

type Row = { label: string; first: number; none: number; second: number };

/**
 * Stacked bars in the style of FeB4RAG's figures 7 and 8: per row (a criterion, or a group's
 * verdicts), the share preferring each system and the share with no preference.
 */
export function PreferenceBars({
  title,
  first,
  second,
  rows,
}: {
  title: string;
  first: string;
  second: string;
  rows: Row[];
}) {
  const data = rows.map((r) => {
    const n = r.first + r.none + r.second || 1;
    return {
      label: r.label,
      [first]: (100 * r.first) / n,
      "No preference": (100 * r.none) / n,
      [second]: (100 * r.second) / n,
    };
  });
  const described = rows
    .map((r) => `${r.label}: ${first} ${r.first}, no preference ${r.none}, ${second} ${r.second}`)
    .join("; ");
  return (
    <div className="w-full" style={{ height: 60 + rows.length * 44 }} role="img" aria-label={`${title}: ${described}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(value) => `${Number(value).toFixed(1)}%`} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey={first} stackId="s" fill="#1c1917" isAnimationActive={false} />
          <Bar dataKey="No preference" stackId="s" fill="#d6d3d1" isAnimationActive={false} />
          <Bar dataKey={second} stackId="s" fill="#78716c" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
