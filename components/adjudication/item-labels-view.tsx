import type { AdjudicationItemView } from "@/lib/schemas/adjudication";
import type { Scale } from "@/lib/domain/scales";

/**
 * What the adjudicator weighs besides the item: each annotator's latest label with its comment, the
 * LLM's label once a researcher allowed it, and the decision already made.
 */
export function ItemLabelsView({ view, scale }: { view: AdjudicationItemView; scale: Scale }) {
  const labelOf = (value: string) => scale.levels.find((l) => l.value === value)?.label ?? value;
  const d = view.decision;
  return (
    <section aria-label="Annotators' labels" className="space-y-3">
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
        {view.labels.map((l) => (
          <li key={l.annotator} className="px-3 py-2 text-sm" data-testid="annotator-label">
            <span className="font-medium">{l.annotator}</span>: <strong>{labelOf(l.level)}</strong>
            {l.phase === "revised" && <span className="text-xs text-stone-500"> (revised after the reveal)</span>}
            {l.comment && <p className="mt-1 break-words text-stone-600">“{l.comment}”</p>}
          </li>
        ))}
      </ul>
      {view.llm && (
        <p role="note" className="rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm">
          <span className="font-mono text-xs">{view.llm.judge}</span> said{" "}
          <strong data-testid="llm-label">{view.llm.text ?? "nothing for this item"}</strong>.
        </p>
      )}
      {d && (
        <p className="text-sm text-stone-600" data-testid="decision">
          Decided <strong>{labelOf(d.level)}</strong> by {d.by}, {new Date(d.decidedAt).toLocaleString()}
          {d.llmShown ? " (the LLM's label shown)" : ""}
          {d.reason ? `: “${d.reason}”` : ""}. Choose again to change it.
        </p>
      )}
    </section>
  );
}
