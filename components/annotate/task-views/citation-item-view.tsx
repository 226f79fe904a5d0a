import type { ItemContent } from "@/lib/schemas/campaigns";
import { ChunkView } from "@/components/code/chunk-view";
import { NoText } from "@/components/explorer/no-text";

/**
 * A citation-support item: the question, the answer's sentences with the one judged marked (the
 * others dimmed, for context), beside the passage it cites. No system is named.
 */
export function CitationItemView({ item }: { item: ItemContent }) {
  const d = item.document;
  const cited = item.citedSentence;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label="Question and answer" className="min-w-0 space-y-4">
        <div data-testid="question">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Question {item.question.id}</p>
          {item.question.title && <h2 className="mt-1 font-semibold">{item.question.title}</h2>}
          <div className="markdown mt-2 text-stone-700" dangerouslySetInnerHTML={{ __html: item.question.bodyHtml }} />
        </div>
        {cited && (
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-stone-500">
              The answer, sentence {cited.index + 1} of {cited.sentences.length} under review
            </p>
            <p className="mt-1 break-words text-[15px] leading-7">
              {cited.sentences.map((text, i) =>
                i === cited.index ? (
                  <mark
                    key={i}
                    data-testid="cited-sentence"
                    aria-label={`Sentence under review: ${text}`}
                    className="rounded bg-amber-100 px-0.5 font-medium text-stone-900 ring-1 ring-amber-300"
                  >
                    {text}
                  </mark>
                ) : (
                  <span key={i} className="text-stone-600">
                    {` ${text} `}
                  </span>
                ),
              )}
            </p>
          </div>
        )}
      </section>
      {d && (
        <section aria-label="Cited passage" className="min-w-0">
          <p className="mb-1 truncate font-mono text-xs text-stone-500" title={d.path ?? d.id}>
            {d.path ?? d.id}
          </p>
          {d.hasText === false ? (
            <p className="rounded-md border border-stone-200 bg-white p-3">
              <NoText what="chunk" />
            </p>
          ) : (
            <ChunkView html={d.html} lines={d.lines} label={`Passage ${d.id}`} />
          )}
        </section>
      )}
    </div>
  );
}
