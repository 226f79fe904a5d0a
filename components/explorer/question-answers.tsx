import Link from "next/link";
import type { QuestionPool } from "@/lib/schemas/explorer";
import { count } from "@/components/ui/wording";

const WORDS = { support: "support", partial_support: "partial", not_support: "not" } as const;
const TONE = {
  support: "bg-emerald-50 text-emerald-900",
  partial_support: "bg-amber-50 text-amber-900",
  not_support: "bg-stone-100 text-stone-700",
} as const;

/**
 * The RAG systems' answers to a question (researchers see the systems' names; annotators never
 * reach this page): each answer's text, its cited passages (opened beside the pool), and every
 * judge's assignment of each nugget, a row whose judges disagree marked.
 */
export function QuestionAnswers({
  pool,
  chunkHref,
}: {
  pool: QuestionPool;
  chunkHref: (documentId: number) => string;
}) {
  if (pool.answers.length === 0) return null;
  return (
    <section aria-labelledby="answers-heading" className="mt-6">
      <h2 id="answers-heading" className="mb-2 text-lg font-semibold">
        Answers <span className="text-sm font-normal text-stone-600">({count(pool.answers.length, "system")})</span>
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {pool.answers.map((a) => (
          <article
            key={a.system}
            aria-label={`Answer of ${a.system}`}
            className="min-w-0 rounded-md border border-stone-200 bg-white p-3"
          >
            <h3 className="font-mono text-sm font-semibold">{a.system}</h3>
            <div className="prose-chunk mt-1 text-sm" dangerouslySetInnerHTML={{ __html: a.html }} />
            {a.citations.length > 0 && (
              <p className="mt-2 text-xs text-stone-600">
                Cites:{" "}
                {a.citations.map((c, i) => (
                  <span key={c.marker}>
                    {i > 0 && ", "}
                    <Link href={chunkHref(c.documentId)} className="font-mono text-sky-800 hover:underline">
                      [{c.marker}] {c.externalId}
                    </Link>
                  </span>
                ))}
              </p>
            )}
            {pool.answerJudges.length > 0 && <NuggetGrid pool={pool} answer={a} />}
          </article>
        ))}
      </div>
    </section>
  );
}

/** Every judge's assignment of each of the question's nuggets in one answer, a row whose judges disagree marked. */
function NuggetGrid({ pool, answer }: { pool: QuestionPool; answer: QuestionPool["answers"][number] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-xs" aria-label={`Nugget assignments of ${answer.system}`}>
        <thead>
          <tr>
            <th className="p-1 text-left font-medium text-stone-500">Nugget</th>
            {pool.answerJudges.map((j) => (
              <th key={j.name} scope="col" className="p-1 text-left font-medium">
                {j.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pool.nuggets.map((n, row) => {
            const given = answer.assignments[row] ?? [];
            const split = new Set(given.filter((v) => v !== null)).size > 1;
            return (
              <tr key={n.id} className={split ? "outline outline-1 outline-rose-300" : undefined}>
                <th scope="row" title={n.text} className="p-1 text-left font-mono font-normal text-stone-600">
                  {n.title}
                  {split && <span className="sr-only"> (judges disagree)</span>}
                </th>
                {given.map((v, col) => (
                  <td key={pool.answerJudges[col]!.name} className="p-1">
                    {v === null ? (
                      <span className="text-stone-400">—</span>
                    ) : (
                      <span className={`rounded px-1.5 py-0.5 ${TONE[v]}`}>{WORDS[v]}</span>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-600">
        {answer.disagreements === 0
          ? "The judges agree on every nugget."
          : `The judges disagree on ${count(answer.disagreements, "nugget")}.`}
      </p>
    </div>
  );
}
