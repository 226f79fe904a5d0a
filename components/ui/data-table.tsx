import type { HTMLAttributes, ReactNode } from "react";
import { ScrollX } from "./scroll-x";

export type Column<Row> = {
  header: ReactNode;
  /** A heading over this column and its neighbours of the same group (a metric over its A and B). */
  group?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** A number: right-aligned, in figures of one width. */
  numeric?: boolean;
  /** Right-aligned (numbers are already). */
  alignRight?: boolean;
  /** The column's cells' own classes. */
  className?: string;
  /** A tooltip on the cell (why a statistic is undefined, say). */
  title?: (row: Row) => string | undefined;
  /** How the rows are sorted by this column, for a table whose headers sort it (their header is a button). */
  sorted?: "ascending" | "descending" | "none";
};

/**
 * A table of rows, one column per field, in a box that scrolls sideways on a narrow screen. `label`
 * names it for screen readers (and tests); `rowProps` adds attributes to a row (a test id, a class).
 * `stackOnPhone` lays each row out as a card of "header: value" lines below the sm breakpoint
 * instead, for a table whose last columns a phone must not hide (actions, labels): the roles are
 * explicit, so screen readers still read a table when the CSS makes its parts blocks.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  separator,
  minWidth,
  narrow = false,
  dense = false,
  stackOnPhone = false,
  className = "",
}: {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  /** Whether a line sits above the row (default: above every row); rows of one group go without. */
  separator?: (row: Row, index: number) => boolean;
  /** The width below which the table scrolls instead of squeezing (a Tailwind min-w-* class). */
  minWidth?: string;
  /** As wide as its content instead of the page (a short table of a few numbers). */
  narrow?: boolean;
  /** Small type in figures of one width (a file's raw rows). */
  dense?: boolean;
  /** Below the sm breakpoint, each row a card of "header: value" lines instead of a row that scrolls sideways. */
  stackOnPhone?: boolean;
  className?: string;
}) {
  // a column group ends with a wider gap, in the headings and the cells alike
  const placement = (c: Column<Row>, i: number) =>
    `${c.numeric || c.alignRight ? "text-right" : ""} ${c.group && columns[i + 1]?.group !== c.group ? "pr-6" : ""}`;
  const groups = columnGroups(columns);
  const stack = stackOnPhone ? STACKED : NOT_STACKED;
  return (
    <ScrollX className={className}>
      <table
        className={`${narrow ? "" : "w-full"} ${dense ? "font-mono text-xs" : "text-sm"} ${minWidth ?? ""} ${stack.table}`}
        aria-label={label}
        role={stack.roles ? "table" : undefined}
      >
        <thead className={`text-left text-stone-500 ${stack.head}`} role={stack.roles ? "rowgroup" : undefined}>
          {groups && (
            <tr>
              {groups.map((g, i) => (
                <th
                  key={i}
                  colSpan={g.span}
                  scope={g.name ? "colgroup" : undefined}
                  className={`pt-1 text-center font-medium ${g.name ? "pr-6" : ""}`}
                >
                  {g.name}
                </th>
              ))}
            </tr>
          )}
          <tr role={stack.roles ? "row" : undefined}>
            {columns.map((c, i) => (
              <th
                key={i}
                aria-sort={c.sorted}
                role={stack.roles ? "columnheader" : undefined}
                className={`py-1 font-medium ${placement(c, i)}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stack.body} role={stack.roles ? "rowgroup" : undefined}>
          {rows.map((row, r) => {
            const extra = rowProps?.(row);
            return (
              <tr
                key={rowKey(row, r)}
                role={stack.roles ? "row" : undefined}
                {...extra}
                className={`${separator && !separator(row, r) ? "" : "border-t border-stone-200"} ${stack.row} ${extra?.className ?? ""}`}
              >
                {columns.map((c, i) => (
                  <td
                    key={i}
                    title={c.title?.(row)}
                    role={stack.roles ? "cell" : undefined}
                    className={`py-1.5 ${placement(c, i)} ${c.numeric ? "tabular-nums" : ""} ${stack.cell} ${c.className ?? ""}`}
                  >
                    {stackOnPhone && (
                      <span
                        aria-hidden
                        className="w-28 shrink-0 text-left font-sans text-xs font-medium text-stone-500 sm:hidden"
                      >
                        {c.header}
                      </span>
                    )}
                    {stackOnPhone ? (
                      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">{c.cell(row, r)}</div>
                    ) : (
                      c.cell(row, r)
                    )}
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

/**
 * The classes (and explicit roles) of a table laid out as cards below the sm breakpoint: the header
 * row is read by screen readers only, each row a block, each cell a line with its header on the left
 * (numbers stay right-aligned, as in the table).
 */
const STACKED = {
  roles: true,
  table: "max-sm:block max-sm:min-w-0",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:py-2",
  cell: "max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:py-0.5 max-sm:pr-0",
} as const;
const NOT_STACKED = { roles: false, table: "", head: "", body: "", row: "", cell: "" } as const;

/** The header row above the columns' own when any column has a group: adjacent equal groups merge. */
function columnGroups<Row>(columns: readonly Column<Row>[]): { name: string; span: number }[] | null {
  if (!columns.some((c) => c.group)) return null;
  const groups: { name: string; span: number }[] = [];
  for (const c of columns) {
    const last = groups.at(-1);
    if (last && c.group && last.name === c.group) last.span += 1;
    else groups.push({ name: c.group ?? "", span: 1 });
  }
  return groups;
}
