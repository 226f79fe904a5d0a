import type { SamplePreview } from "@/lib/schemas/campaigns";
import { count } from "@/components/ui/wording";

/** The sample a campaign draft draws, before it starts. */
export function SamplePreviewView({ preview }: { preview: SamplePreview }) {
  return (
    <section aria-label="Sample preview" className="rounded-md border border-stone-200 bg-white p-3 text-sm">
      <p>
        <strong>{count(preview.items, "item")}</strong> from <strong>{count(preview.questions, "question")}</strong>,{" "}
        {count(preview.seats, "label")} to collect
        {preview.llmPositive !== null && <>, {preview.llmPositive.toLocaleString("en")} of the items LLM-positive</>}
        {preview.gold > 0 && <>, {count(preview.gold, "gold item")} among them</>}.
      </p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-xs text-stone-700">
        {preview.first.map((f, i) => (
          <li key={i}>
            <span className="font-medium">{f.question}</span>
            {f.nugget && <> · {f.nugget}</>}
            {f.document && (
              <>
                {" "}
                · <span className="font-mono">{f.document}</span>
              </>
            )}
          </li>
        ))}
      </ol>
      {preview.items > preview.first.length && (
        <p className="mt-1 text-xs text-stone-500">… and {preview.items - preview.first.length} more</p>
      )}
    </section>
  );
}
