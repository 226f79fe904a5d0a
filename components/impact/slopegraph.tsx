"use client";

import { CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const DASHES = ["", "6 3", "2 2", "8 3 2 3", "1 3"];

/**
 * Each system's score under label set A (left) and B (right) joined by a line: crossings are swaps.
 * Lines differ by dash pattern and carry the system's name at both ends, so no colour is needed.
 */
export function Slopegraph({ metric, sets, systems }: { metric: string; sets: { a: string; b: string }; systems: { name: string; a: number; b: number }[] }) {
  const data = [{ set: sets.a, ...Object.fromEntries(systems.map((s) => [s.name, s.a])) }, { set: sets.b, ...Object.fromEntries(systems.map((s) => [s.name, s.b])) }];
  return (
    <section>
      <h3 className="mb-1 text-sm font-medium">{metric}</h3>
      <div className="h-64 w-full" role="img" aria-label={`Slopegraph of ${metric}: ${systems.map((s) => `${s.name} ${s.a.toFixed(3)} to ${s.b.toFixed(3)}`).join("; ")}`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 96, bottom: 8, left: 96 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="set" tick={{ fontSize: 11 }} padding={{ left: 8, right: 8 }} />
          <YAxis tick={{ fontSize: 11 }} domain={["auto", "auto"]} width={40} />
          <Tooltip formatter={(value) => Number(value).toFixed(3)} />
          {systems.map((s, i) => (
            <Line key={s.name} dataKey={s.name} stroke="#44403c" strokeDasharray={DASHES[i % DASHES.length]} isAnimationActive={false} dot>
              <LabelList dataKey={s.name} content={({ x, y, index }) => (
                <text x={Number(x) + (index === 0 ? -6 : 6)} y={Number(y)} dy={4} fontSize={10} textAnchor={index === 0 ? "end" : "start"}>{s.name}</text>
              )} />
            </Line>
          ))}
        </LineChart>
      </ResponsiveContainer>
      </div>
    </section>
  );
}
