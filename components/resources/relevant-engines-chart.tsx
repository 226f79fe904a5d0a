"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Requests by the number of engines holding relevant results, under label set A (dark) and B (light, outlined). */
export function RelevantEnginesChart({
  sets,
  rows,
}: {
  sets: { a: string; b: string };
  rows: { engines: number; a: number; b: number }[];
}) {
  const described = rows
    .filter((r) => r.a > 0 || r.b > 0)
    .map((r) => `${r.engines} engines: ${r.a} requests under A, ${r.b} under B`)
    .join("; ");
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Bar chart of requests by engines with relevant results: ${described}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows.map((r) => ({ engines: r.engines, [`A: ${sets.a}`]: r.a, [`B: ${sets.b}`]: r.b }))}
          margin={{ top: 8, right: 16, bottom: 24, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="engines"
            tick={{ fontSize: 11 }}
            label={{ value: "engines with relevant results", position: "insideBottom", offset: -12, fontSize: 11 }}
          />
          <YAxis tick={{ fontSize: 11 }} allowDecimals={false} width={40} />
          <Tooltip />
          <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey={`A: ${sets.a}`} fill="#44403c" isAnimationActive={false} />
          <Bar dataKey={`B: ${sets.b}`} fill="#d6d3d1" stroke="#44403c" strokeWidth={1.5} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
