import type { Preview } from "@/lib/client/preview-file";
import { DataTable, type Column } from "@/components/ui/data-table";

const show = (value: unknown) => {
  // a row of another kind than the first (a bundle's header, then its records) lacks some columns
  const text = value === undefined ? "" : typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** The first rows of a file as the chosen format reads them, and the first problems. */
export function FilePreview({ preview, fileName }: { preview: Preview; fileName: string }) {
  // every column any of the first rows has (a bundle's first rows are of several kinds)
  const columns = [...new Set(preview.rows.flatMap((row) => Object.keys(row)))].filter((k) => k !== "kind");
  return (
    <div aria-label="Preview" data-testid="import-preview" className="rounded-md border border-stone-200">
      <p className="border-b border-stone-200 bg-stone-50 px-3 py-1.5 text-xs text-stone-600">
        Preview of {fileName}: first {preview.rows.length} rows{preview.truncated ? " (of the first 64 KB)" : ""}
      </p>
      {preview.rows.length > 0 && (
        <div className="max-h-64 overflow-auto px-2">
          <DataTable
            label={`Rows of ${fileName}`}
            dense
            rows={preview.rows}
            rowKey={(_, i) => i}
            columns={columns.map((c): Column<Preview["rows"][number]> => ({
              header: c,
              className: "align-top",
              cell: (row) => show(row[c]),
            }))}
          />
        </div>
      )}
      {preview.errors.length > 0 && (
        <ul className="border-t border-stone-200 px-3 py-2 text-xs text-red-800">
          {preview.errors.map((e) => (
            <li key={e.line}>
              line {e.line}
              {e.field ? `, field ${e.field}` : ""}: {e.message}
            </li>
          ))}
        </ul>
      )}
      {preview.rows.length === 0 && preview.errors.length === 0 && (
        <p className="px-3 py-2 text-xs text-stone-600">No rows found.</p>
      )}
    </div>
  );
}
