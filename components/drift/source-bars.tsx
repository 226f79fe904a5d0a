import { percent } from "@/components/reports/format";

// one colour per source, in the report's order of sources (largest first), so a source keeps its colour on the page
const COLOURS = ["#1d4ed8", "#b45309", "#047857", "#be123c", "#6d28d9", "#0e7490", "#a16207", "#4d7c0f", "#9d174d"];
const REST = "#a8a29e";

/** The colour of each source: the first nine by the report's order, the rest grey. */
export function sourceColours(sources: readonly string[]): Map<string, string> {
  return new Map(sources.map((s, i) => [s, COLOURS[i] ?? REST]));
}

/**
 * One snapshot's supporting documents as a bar split by source (the drift study's Figure 1), each
 * part as wide as its share; the shares are in the bar's label and in the table beside it.
 */
export function SourceBar({
  label,
  sources,
  colours,
  relevant,
}: {
  label: string;
  sources: readonly { source: string; share: number }[];
  colours: ReadonlyMap<string, string>;
  relevant: number;
}) {
  const parts = sources.filter((s) => s.share > 0);
  return (
    <div className="flex items-center gap-3">
      <span className="w-12 shrink-0 text-right font-mono text-xs text-stone-600">{label}</span>
      <div
        role="img"
        aria-label={`${label}: ${relevant} supporting documents, ${parts.map((p) => `${p.source} ${percent(p.share)}`).join(", ") || "none"}`}
        className="flex h-6 min-w-0 flex-1 overflow-hidden rounded bg-stone-100"
      >
        {parts.map((p) => (
          <div
            key={p.source}
            title={`${p.source}: ${percent(p.share)}`}
            className="h-full border-r border-white last:border-r-0"
            style={{ width: `${p.share * 100}%`, backgroundColor: colours.get(p.source) ?? REST }}
          />
        ))}
      </div>
      <span className="w-10 shrink-0 font-mono text-xs text-stone-600">{relevant}</span>
    </div>
  );
}

/** The sources' colours, named. */
export function SourceLegend({ colours }: { colours: ReadonlyMap<string, string> }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-label="Sources">
      {[...colours].map(([source, colour]) => (
        <li key={source} className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: colour }} />
          <span className="font-mono">{source}</span>
        </li>
      ))}
    </ul>
  );
}
