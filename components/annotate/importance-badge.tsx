import type { NuggetImportance } from "@/lib/domain/nugget-scores/nugget-scores";

/** Marks a vital nugget (the TREC RAG track's importance); an okay or ungraded one shows nothing. */
export function ImportanceBadge({ importance }: { importance: NuggetImportance | null }) {
  if (importance !== "vital") return null;
  return (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-medium text-amber-900">
      vital
    </span>
  );
}
