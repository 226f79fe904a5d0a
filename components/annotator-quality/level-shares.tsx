import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { percent } from "@/components/reports/format";

/** Greys from light to dark for the levels, lowest first (the shares are written too: readable without the colour). */
const SHADES = ["#e7e5e4", "#a8a29e", "#78716c", "#44403c", "#1c1917"];
const shade = (i: number, n: number) => SHADES[Math.round((i * (SHADES.length - 1)) / Math.max(1, n - 1))]!;

/** Each annotator's level shares as one stacked bar, beside everyone's, with the shares written below each bar. */
export function LevelShares({ report }: { report: AnnotatorQualityReport }) {
  const levels = report.scale.levels;
  const rows = [
    ...report.annotators.map((a) => ({ name: a.annotator, shares: a.levels })),
    { name: "Everyone", shares: report.everyone },
  ];
  return (
    <section aria-labelledby="level-shares-heading">
      <h3 id="level-shares-heading" className="mb-2 font-semibold">
        Level shares, each annotator beside everyone
      </h3>
      <ul className="flex flex-wrap gap-3 text-xs text-stone-700" aria-label="Levels">
        {levels.map((l, i) => (
          <li key={l.value} className="flex items-center gap-1">
            <span
              aria-hidden
              className="inline-block size-3 rounded-sm"
              style={{ background: shade(i, levels.length) }}
            />
            {l.label}
          </li>
        ))}
      </ul>
      <div className="mt-2 max-w-3xl space-y-2">
        {rows.map((r) => (
          <div key={r.name} data-testid="level-share-row">
            <div className="truncate text-sm text-stone-700">{r.name}</div>
            <div className="flex h-3 w-full overflow-hidden rounded-sm bg-stone-100" aria-hidden>
              {levels.map((l, i) => (
                <div
                  key={l.value}
                  style={{ width: `${(r.shares[l.value] ?? 0) * 100}%`, background: shade(i, levels.length) }}
                />
              ))}
            </div>
            <div className="text-xs tabular-nums text-stone-600">
              {levels.map((l) => `${l.label} ${percent(r.shares[l.value] ?? 0)}`).join(" · ")}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
