import type { ItemContent } from "@/lib/schemas/campaigns";
import { ChunkView } from "@/components/code/chunk-view";
import { NoText } from "@/components/explorer/no-text";

/** The target (a nugget with its question, or the question) beside the chunk. */
export function ItemView({ item }: { item: ItemContent }) {
  const d = item.document;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label="Target" className="space-y-4">
        {item.nugget && (
          <div className="rounded-md border-l-4 border-sky-600 bg-sky-50 p-3">
            <p className="text-xs font-medium uppercase tracking-wide text-sky-800">Nugget {item.nugget.position}</p>
            <p className="mt-1 text-[15px] font-medium leading-6" data-testid="nugget-text">
              {item.nugget.text}
            </p>
          </div>
        )}
        <div data-testid="question">
          <p className="text-xs font-medium uppercase tracking-wide text-stone-500">Question {item.question.id}</p>
          {item.question.title && <h2 className="mt-1 font-semibold">{item.question.title}</h2>}
          <div className="markdown mt-2 text-stone-700" dangerouslySetInnerHTML={{ __html: item.question.bodyHtml }} />
        </div>
      </section>
      {d && (
        <section aria-label={d.kind === "prose" ? "Passage" : "Chunk"} className="min-w-0">
          <p className="mb-1 truncate font-mono text-xs text-stone-500" title={d.path ?? d.id}>
            {d.repo ? `${d.repo} · ` : ""}
            {d.path ?? d.id}
            {d.language ? ` · ${d.language}` : ""}
          </p>
          {d.hasText === false ? (
            <p className="rounded-md border border-stone-200 bg-white p-3">
              <NoText what="chunk" />
            </p>
          ) : (
            <ChunkView html={d.html} lines={d.lines} label={`${d.kind === "prose" ? "Passage" : "Chunk"} ${d.id}`} />
          )}
        </section>
      )}
    </div>
  );
}
