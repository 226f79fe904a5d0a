import type { ItemContent } from "@/lib/schemas/campaigns";
import { CitedPassages } from "./cited-passages";

/** A nugget-assignment item's question and answer (its system never named) with the passages it cites: the annotator's and the adjudicator's. */
export function AnswerView({ item }: { item: ItemContent }) {
  return (
    <section aria-label="Question and answer" className="min-w-0 space-y-4">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Question {item.question.id}</p>
        {item.question.title && <h2 className="mt-1 font-semibold">{item.question.title}</h2>}
        <div className="markdown mt-2 text-stone-700" dangerouslySetInnerHTML={{ __html: item.question.bodyHtml }} />
      </div>
      <div className="rounded-md border border-stone-200 bg-white p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Answer</p>
        <div className="markdown mt-2" dangerouslySetInnerHTML={{ __html: item.answer?.html ?? "" }} />
        {item.answer && <CitedPassages citations={item.answer.citations} />}
      </div>
    </section>
  );
}
