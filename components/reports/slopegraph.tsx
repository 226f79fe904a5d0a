"use client";

import { CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { scoreDomain, spreadLabels } from "./slopegraph-layout";

const DASHES = ["", "6 3", "2 2", "8 3 2 3", "1 3"];
// fixed geometry, so the names' heights can be worked out from the scores (see spreadLabels)
const HEIGHT = 256;
const MARGIN = { top: 12, right: 8, bottom: 8, left: 8 };
const X_AXIS = 24;
const NAME_ROOM = 96;
const LINE_GAP = 12;

/**
 * The axis (the scores' span, a tick every 0.1) and each end's names' heights, moved apart where
 * scores tie so that names never overlap each other or the axis.
 */
function layout(systems: readonly { a: number; b: number }[]) {
  const [lo, hi] = scoreDomain(systems.flatMap((s) => [s.a, s.b]));
  const plotTop = MARGIN.top;
  const plotBottom = HEIGHT - MARGIN.bottom - X_AXIS;
  const yOf = (v: number) => plotTop + ((hi - v) / (hi - lo)) * (plotBottom - plotTop);
  const names = (["a", "b"] as const).map((end) =>
    spreadLabels(
      systems.map((s) => yOf(s[end])),
      LINE_GAP,
      plotTop,
      plotBottom,
    ),
  );
  const ticks = Array.from({ length: Math.round((hi - lo) / 0.1) + 1 }, (_, i) => Math.round((lo + i * 0.1) * 10) / 10);
  return { lo, hi, names, ticks };
}

/**
 * Each system's score under label set A (left) and B (right) joined by a line: crossings are swaps.
 * Lines differ by dash pattern and carry the system's name at both ends, moved apart where scores
 * tie so names never overlap each other or the axis. The axis spans the scores (0 to 1 at most).
 */
export function Slopegraph({
  metric,
  sets,
  systems,
}: {
  metric: string;
  sets: { a: string; b: string };
  systems: { name: string; a: number; b: number }[];
}) {
  const data = [
    { set: sets.a, ...Object.fromEntries(systems.map((s) => [s.name, s.a])) },
    { set: sets.b, ...Object.fromEntries(systems.map((s) => [s.name, s.b])) },
  ];
  const { lo, hi, names, ticks } = layout(systems);
  return (
    <section>
      <h3 className="mb-1 text-sm font-medium">{metric}</h3>
      <div
        className="w-full"
        style={{ height: HEIGHT }}
        role="img"
        aria-label={`Slopegraph of ${metric}: ${systems.map((s) => `${s.name} ${s.a.toFixed(3)} to ${s.b.toFixed(3)}`).join("; ")}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="set"
              height={X_AXIS}
              tick={{ fontSize: 11 }}
              padding={{ left: NAME_ROOM, right: NAME_ROOM }}
            />
            <YAxis tick={{ fontSize: 11 }} domain={[lo, hi]} ticks={ticks} allowDataOverflow width={32} />
            <Tooltip formatter={(value) => Number(value).toFixed(3)} />
            {systems.map((s, i) => (
              <Line
                key={s.name}
                dataKey={s.name}
                stroke="#44403c"
                strokeDasharray={DASHES[i % DASHES.length]}
                isAnimationActive={false}
                dot
              >
                <LabelList
                  dataKey={s.name}
                  content={({ x, index }) => (
                    <text
                      x={Number(x) + (index === 0 ? -6 : 6)}
                      y={names[index === 0 ? 0 : 1]![i]}
                      dy={4}
                      fontSize={10}
                      textAnchor={index === 0 ? "end" : "start"}
                    >
                      {s.name}
                    </text>
                  )}
                />
              </Line>
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
