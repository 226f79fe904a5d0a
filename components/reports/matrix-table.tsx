import type { ReactNode } from "react";
import { ScrollX } from "@/components/ui/scroll-x";

/** One row or column of a matrix: its key and its header. */
export type MatrixAxis = { key: string; header: ReactNode };

/**
 * A matrix of figures (annotator by annotator, true level by given level): a header row, a header
 * cell per row, and a cell for each pair that `cell` fills (with a title to hover). Counts in
 * colour are CountHeatmap's; records are DataTable's.
 */
export function MatrixTable({
  label,
  caption,
  corner,
  rows,
  columns,
  cell,
}: {
  label: string;
  caption?: string;
  corner: string;
  rows: readonly MatrixAxis[];
  columns: readonly MatrixAxis[];
  cell: (row: string, column: string) => { text: string; title?: string };
}) {
  return (
    <ScrollX>
      <table className="text-sm tabular-nums" aria-label={label}>
        {caption && <caption className="mb-1 text-left text-stone-700">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col" className="pr-4 text-left font-medium text-stone-500">
              {corner}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 text-right font-medium text-stone-500">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-stone-200">
              <th scope="row" className="pr-4 text-left font-normal">
                {r.header}
              </th>
              {columns.map((c) => {
                const { text, title } = cell(r.key, c.key);
                return (
                  <td key={c.key} className="px-2 text-right" title={title}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}
