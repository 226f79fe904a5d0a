import { printLine, type CliIo } from "./io";

/** Prints rows (the first is the header) as aligned columns two spaces apart; the last column is not padded. */
export function printTable(io: CliIo, rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    printLine(io, row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
}
