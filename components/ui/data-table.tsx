import type { HTMLAttributes, ReactNode } from "react";
import { ScrollX } from "./scroll-x";

export type Column<Row> = {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** A number: right-aligned, in figures of one width. */
  numeric?: boolean;
  /** Right-aligned (numbers are already). */
  alignRight?: boolean;
  /** The column's cells' own classes. */
  className?: string;
  /** A tooltip on the cell (why a statistic is undefined, say). */
  title?: (row: Row) => string | undefined;
};

/**
 * A table of rows, one column per field, in a box that scrolls sideways on a narrow screen. `label`
 * names it for screen readers (and tests); `rowProps` adds attributes to a row (a test id, a class).
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  minWidth,
  narrow = false,
  className = "",
}: {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** The width below which the table scrolls instead of squeezing (a Tailwind min-w-* class). */
  minWidth?: string;
  /** As wide as its content instead of the page (a short table of a few numbers). */
  narrow?: boolean;
  className?: string;
}) {
  const align = (c: Column<Row>) => (c.numeric || c.alignRight ? "text-right" : "");
  return (
    <ScrollX className={className}>
      <table className={`${narrow ? "" : "w-full"} text-sm ${minWidth ?? ""}`} aria-label={label}>
        <thead className="text-left text-stone-500">
          <tr>
            {columns.map((c, i) => (
              <th key={i} className={`py-1 font-medium ${align(c)}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const extra = rowProps?.(row);
            return (
              <tr key={rowKey(row, r)} {...extra} className={`border-t border-stone-200 ${extra?.className ?? ""}`}>
                {columns.map((c, i) => (
                  <td
                    key={i}
                    title={c.title?.(row)}
                    className={`py-1.5 ${align(c)} ${c.numeric ? "tabular-nums" : ""} ${c.className ?? ""}`}
                  >
                    {c.cell(row, r)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollX>
  );
}
