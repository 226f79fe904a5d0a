import type { PoolCell } from "@/lib/schemas/explorer";

const mark = (positive: boolean | null) => (positive === null ? "?" : positive ? "✓" : "✗");

/**
 * Every judge's label of one nugget x chunk pair: ✓ positive, ✗ not (by each scale's threshold),
 * the level in words on hover, then the fused LLM label and the human majority. A disagreement is
 * marked with ≠ and a border, not by colour alone.
 */
export function PoolCellView({ cell }: { cell: PoolCell | null }) {
  if (!cell) return <td className="border border-stone-200 p-1 text-center text-xs text-stone-500">–</td>;
  const disagree = cell.disagreement > 0;
  return (
    <td
      className={`border p-1 align-top text-xs ${disagree ? "border-2 border-amber-600 bg-amber-50" : "border-stone-200"}`}
      data-disagreement={disagree ? "yes" : "no"}
      aria-label={disagree ? `disagreement (strength ${cell.disagreement.toFixed(2)})` : undefined}
    >
      {disagree && (
        <span className="float-right font-bold text-amber-800" title="The judges disagree">
          ≠
        </span>
      )}
      <ul>
        {cell.labels.map((l) => (
          <li key={l.judge} title={`${l.judge}: ${l.text}`} className="whitespace-nowrap">
            <span className="font-mono">{mark(l.positive)}</span>{" "}
            <span className={l.kind === "human" ? "font-medium" : ""}>{l.judge}</span>
          </li>
        ))}
        {cell.fused && (
          <li title={`LLMs fused: ${cell.fused.text}`} className="whitespace-nowrap text-stone-600">
            <span className="font-mono">{mark(cell.fused.positive)}</span> LLMs fused
          </li>
        )}
        {cell.majority && (
          <li title={`Human majority: ${cell.majority.text}`} className="whitespace-nowrap text-stone-600">
            <span className="font-mono">{mark(cell.majority.positive)}</span> human majority
          </li>
        )}
      </ul>
    </td>
  );
}
