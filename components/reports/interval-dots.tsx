import { useId } from "react";
import { fixed } from "@/components/reports/format";

type Row = { name: string; value: number | null; low: number | null; high: number | null };

const ROW = 20;
const LABEL = 180;
const WIDTH = 640;

/**
 * A dot chart: each row's value as a dot on its interval's line, on one axis (0 marked), rows in
 * the order given. The numbers are in the table beside it; this shows where the intervals overlap.
 */
export function IntervalDots({
  title,
  rows,
  unit,
  zero = true,
}: {
  title: string;
  rows: readonly Row[];
  unit: string;
  /** Whether the axis reaches 0 (a statistic's sign matters), or spans the values alone (an estimate). */
  zero?: boolean;
}) {
  const headingId = useId();
  const shown = rows.filter((r) => r.value !== null);
  if (shown.length === 0) return null;
  const ends = shown.flatMap((r) => [r.value!, r.low ?? r.value!, r.high ?? r.value!]);
  const pad = zero ? 0 : (Math.max(...ends) - Math.min(...ends)) * 0.1 || 0.01;
  const [min, max] = zero
    ? [Math.min(0, ...ends), Math.max(0, ...ends)]
    : [Math.min(...ends) - pad, Math.max(...ends) + pad];
  const span = max - min || 1;
  const x = (v: number) => LABEL + ((v - min) / span) * (WIDTH - LABEL - 16);
  // min + span, not max: when every value is the same, span is 1 and the ticks stay apart
  const ticks = [min, min + span / 2, min + span].map((t) => Number(t.toFixed(3)));
  const height = shown.length * ROW + 28;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {title}
      </h3>
      <div tabIndex={0} className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          className="w-full min-w-[32rem] max-w-3xl text-xs"
          role="img"
          aria-label={`Dot chart: ${title}, ${shown.length} ${unit}, from ${fixed(Math.min(...shown.map((r) => r.value!)))} to ${fixed(Math.max(...shown.map((r) => r.value!)))}`}
        >
          {min <= 0 && max >= 0 && <line x1={x(0)} x2={x(0)} y1={0} y2={height - 24} stroke="#d6d3d1" />}
          {shown.map((r, i) => {
            const y = i * ROW + ROW / 2;
            return (
              <g key={r.name}>
                <text x={LABEL - 8} y={y + 4} textAnchor="end" fill="#44403c">
                  {r.name}
                </text>
                {r.low !== null && r.high !== null && (
                  <line x1={x(r.low)} x2={x(r.high)} y1={y} y2={y} stroke="#78716c" strokeWidth={2} />
                )}
                <circle cx={x(r.value!)} cy={y} r={4} fill="#1c1917">
                  <title>{`${r.name}: ${fixed(r.value)}${r.low !== null && r.high !== null ? ` [${fixed(r.low)}, ${fixed(r.high)}]` : ""}`}</title>
                </circle>
              </g>
            );
          })}
          {ticks.map((t, i) => (
            <text key={i} x={x(t)} y={height - 8} textAnchor={i === ticks.length - 1 ? "end" : "middle"} fill="#78716c">
              {t.toFixed(3)}
            </text>
          ))}
        </svg>
      </div>
    </section>
  );
}
