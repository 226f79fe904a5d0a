import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { questionPath } from "@/lib/domain/explorer/question-path";
import { ChunkView } from "@/components/code/chunk-view";
import { NoText } from "./no-text";
import { NuggetList } from "./nugget-importance";
import type { QuestionPool } from "@/lib/schemas/explorer";
import { PoolCellView } from "./pool-cell";
import { QuestionAnswers } from "./question-answers";
import { count } from "@/components/ui/wording";
import { PageHeader } from "@/components/ui/page-header";

/** A question, its nuggets and its pool as a grid of every judge's labels, with a chunk open for reading. */
export function QuestionPoolView({ pool, only }: { pool: QuestionPool; only: "all" | "disagreements" }) {
  const base = questionPath(pool.study.id, pool.question.externalId);
  const link = (over: { chunk?: number; only?: string }) => {
    const params = new URLSearchParams();
    const chunk = over.chunk ?? pool.chunk?.documentId;
    if (chunk) params.set("chunk", String(chunk));
    if ((over.only ?? only) === "disagreements") params.set("only", "disagreements");
    return `${base}?${params}`;
  };
  const rows = only === "disagreements" ? pool.chunks.filter((c) => c.disagreements > 0) : pool.chunks;
  const disagreeing = pool.chunks.filter((c) => c.disagreements > 0).length;
  return (
    <>
      <PageHeader
        back={{ href: `/studies/${pool.study.id}/explorer`, label: `Questions of ${pool.study.name}` }}
        title={
          <>
            <span className="font-mono text-lg text-stone-500">{pool.question.externalId}</span> {pool.question.title}
            {!pool.question.hasText && <NoText what="question" />}
          </>
        }
        description={pool.question.tags.length > 0 ? pool.question.tags.join(" · ") : undefined}
      />
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        {pool.question.hasText && pool.question.bodyHtml !== "" && (
          <section
            aria-label="Question"
            className="prose-chunk rounded-md border border-stone-200 bg-white p-3 text-sm"
            dangerouslySetInnerHTML={{ __html: pool.question.bodyHtml }}
          />
        )}
        {pool.question.answerHtml && (
          <section
            aria-label="Gold answer"
            className="prose-chunk rounded-md border border-stone-200 bg-white p-3 text-sm"
          >
            <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Gold answer</h2>
            <div dangerouslySetInnerHTML={{ __html: pool.question.answerHtml }} />
          </section>
        )}
      </div>
      {pool.nuggets.length > 0 && (
        <>
          <h2 className="mb-2 mt-6 text-lg font-semibold">
            Nuggets{pool.nuggetSets.length > 1 && pool.nuggetSet ? ` (${pool.nuggetSet}, the first set)` : ""}
          </h2>
          <NuggetList studyId={pool.study.id} nuggets={pool.nuggets} />
        </>
      )}
      {pool.nuggetSets.length > 1 && (
        <section aria-labelledby="nugget-sets-heading" className="mt-4">
          <h2 id="nugget-sets-heading" className="mb-2 text-base font-semibold">
            The question&apos;s nuggets in each set
          </h2>
          <DataTable
            narrow
            label="Nugget sets side by side"
            rows={pool.nuggetSets}
            rowKey={(s) => s.name}
            columns={[
              { header: "Set", cell: (s) => s.name },
              { header: "Nuggets", numeric: true, cell: (s) => s.nuggets },
              { header: "Vital", numeric: true, cell: (s) => s.vital },
              { header: "Okay", numeric: true, cell: (s) => s.okay },
            ]}
          />
        </section>
      )}
      <QuestionAnswers pool={pool} chunkHref={(documentId) => `${link({ chunk: documentId })}#chunk-viewer`} />
      <div className="mb-2 mt-6 flex flex-wrap items-center gap-4">
        <h2 className="text-lg font-semibold">Pool</h2>
        <span className="text-sm text-stone-600">
          {count(pool.chunks.length, "chunk")}, {disagreeing} with disagreements · judges:{" "}
          {pool.judges.map((j) => `${j.name} (${j.kind === "model" ? "LLM" : "human"})`).join(", ") || "none yet"}
        </span>
        <nav aria-label="Filter the pool" className="flex gap-2 text-sm">
          <Link
            href={link({ only: "all" })}
            aria-current={only === "all" ? "page" : undefined}
            className={only === "all" ? "font-semibold" : "text-sky-800 hover:underline"}
          >
            All chunks
          </Link>
          <Link
            href={link({ only: "disagreements" })}
            aria-current={only === "disagreements" ? "page" : undefined}
            className={only === "disagreements" ? "font-semibold" : "text-sky-800 hover:underline"}
          >
            Disagreements only
          </Link>
        </nav>
      </div>
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <div tabIndex={0} className="relative overflow-x-auto">
          <table className="border-collapse text-sm" aria-label="Pool grid">
            <thead>
              <tr>
                <th className="p-1 text-left text-xs font-medium text-stone-500">Chunk (retrieved by, rank)</th>
                {pool.columns.map((c) => (
                  <th key={c.key} scope="col" title={c.text} className="p-1 text-xs font-medium">
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((chunk) => (
                <tr key={chunk.documentId} className={pool.chunk?.documentId === chunk.documentId ? "bg-sky-50" : ""}>
                  <th
                    scope="row"
                    className="max-w-xs border border-stone-200 p-1 text-left align-top text-xs font-normal"
                  >
                    <Link href={link({ chunk: chunk.documentId })} className="font-mono text-sky-800 hover:underline">
                      {chunk.externalId}
                    </Link>
                    {chunk.path && (
                      <div className="truncate text-stone-500">
                        {chunk.repo ? `${chunk.repo}/` : ""}
                        {chunk.path}
                      </div>
                    )}
                    {chunk.sources.length > 0 && (
                      <div className="text-stone-500">
                        {chunk.sources.map((s) => `${s.system} #${s.rank}`).join(", ")}
                      </div>
                    )}
                  </th>
                  {chunk.cells.map((cell, i) => (
                    <PoolCellView key={pool.columns[i]!.key} cell={cell} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && (
            <p className="mt-2 text-sm text-stone-600">
              {pool.chunks.length === 0
                ? "No chunk is pooled for this question."
                : "No chunk of this question has judges who disagree."}
            </p>
          )}
        </div>
        {pool.chunk && (
          <section id="chunk-viewer" aria-label="Chunk viewer" className="min-w-0">
            <h2 className="font-mono text-sm font-semibold">{pool.chunk.externalId}</h2>
            <p className="mb-2 text-xs text-stone-500">
              {[pool.chunk.repo, pool.chunk.path, pool.chunk.language].filter(Boolean).join(" · ")}
              {pool.chunk.title ? ` · ${pool.chunk.title}` : ""}
            </p>
            {pool.chunk.hasText ? (
              <ChunkView html={pool.chunk.html} lines={pool.chunk.lines} label={`Chunk ${pool.chunk.externalId}`} />
            ) : (
              <p className="text-sm">
                <NoText what="chunk" />
              </p>
            )}
          </section>
        )}
      </div>
    </>
  );
}
