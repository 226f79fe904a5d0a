import type { ImportSummary } from "@/lib/schemas/imports";

const NAMES: Record<keyof ImportSummary["added"], string> = {
  queries: "questions", nuggets: "nuggets", documents: "chunks", poolEntries: "pooled pairs", labels: "labels",
  systems: "systems", runEntries: "run entries", responses: "responses", citations: "citations",
};

export function ImportResult({ summary }: { summary: ImportSummary }) {
  const added = Object.entries(summary.added).filter(([, n]) => n > 0);
  const rows = summary.files.reduce((sum, f) => sum + f.rows, 0);
  return (
    <div role="status" data-testid="import-result" className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-950">
      <p className="font-medium">
        Imported {rows.toLocaleString("en")} rows from {summary.files.map((f) => f.name).join(", ")} in {(summary.durationMs / 1000).toFixed(1)} s.
      </p>
      <p className="mt-1">
        {added.length === 0
          ? "Nothing new: the study already had all of it."
          : `Added ${added.map(([k, n]) => `${n.toLocaleString("en")} ${NAMES[k as keyof typeof NAMES]}`).join(", ")}.`}
        {summary.judge ? ` Labels by ${summary.judge} on the scale ${summary.scale}.` : ""}
      </p>
    </div>
  );
}
