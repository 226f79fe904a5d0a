import type { WorkspaceItem } from "@/lib/schemas/campaigns";

/** The passages an answer's [n] markers cite, each opened in place; nothing when it cites none. */
export function CitedPassages({ citations }: { citations: NonNullable<WorkspaceItem["answer"]>["citations"] }) {
  if (citations.length === 0) return null;
  return (
    <div className="mt-3 space-y-1 border-t border-stone-100 pt-2">
      <p className="text-xs font-medium text-stone-500">Cited passages</p>
      {citations.map((c) => (
        <details key={c.marker} className="text-sm">
          <summary className="cursor-pointer">
            <span className="font-mono text-xs">[{c.marker}]</span> {c.title}
          </summary>
          <div
            className="mt-1 max-h-72 overflow-auto rounded border border-stone-200 text-xs"
            dangerouslySetInnerHTML={{ __html: c.html }}
          />
        </details>
      ))}
    </div>
  );
}
