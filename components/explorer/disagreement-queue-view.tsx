import Link from "next/link";
import type { DisagreementList } from "@/lib/schemas/explorer";
import { Pager } from "./pager";
import { ScrollX } from "@/components/ui/scroll-x";
import { PageHeader } from "@/components/ui/page-header";

/**
 * The study's disagreements, strongest first. The list is a plain GET form onto the new-campaign
 * page: the checked pairs (all of the page to start with) become a follow-up campaign's sample.
 */
export function DisagreementQueueView({ list }: { list: DisagreementList }) {
  const study = list.study;
  const first = (list.page - 1) * list.pageSize;
  return (
    <>
      <PageHeader
        back={{ href: `/studies/${study.id}`, label: study.name }}
        title="Disagreements"
        description={
          <>
            Pooled pairs whose judges disagree (LLMs with humans, or LLMs with each other, each label read through its
            scale&apos;s threshold), the strongest first: the distance between the highest and the lowest label, each
            scaled to 0–1 on its own scale.
          </>
        }
      />
      <p className="mt-3 text-sm" data-testid="disagreement-count">
        {list.total.toLocaleString("en")} pairs
      </p>
      {list.rows.length > 0 && (
        <form method="get" action={`/studies/${study.id}/campaigns/new`} aria-label="Follow-up campaign">
          <button
            type="submit"
            className="mt-2 rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
          >
            Create follow-up campaign from the checked pairs
          </button>
          <ScrollX>
            <table className="mt-3 w-full text-sm" aria-label="Disagreeing pairs">
              <thead className="text-left text-stone-500">
                <tr>
                  <th className="py-1 font-medium">#</th>
                  <th className="py-1 font-medium">Strength</th>
                  <th className="py-1 font-medium">Question · nugget</th>
                  <th className="py-1 font-medium">Chunk</th>
                  <th className="py-1 font-medium">Labels</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((r, i) => (
                  <tr key={r.targetKey} className="border-t border-stone-200 align-top">
                    <td className="py-1.5 pr-2">
                      <label className="flex items-center gap-1">
                        <input
                          type="checkbox"
                          name="targets"
                          value={r.targetKey}
                          defaultChecked
                          aria-label={`Include ${r.question.externalId} / ${r.chunk.externalId}`}
                        />
                        {first + i + 1}
                      </label>
                    </td>
                    <td className="py-1.5 pr-2 font-mono tabular-nums">{r.strength.toFixed(2)}</td>
                    <td className="py-1.5 pr-2">
                      <Link
                        href={`/studies/${study.id}/questions/${r.question.id}?chunk=${r.chunk.id}&only=disagreements`}
                        className="font-medium text-sky-800 hover:underline"
                      >
                        {r.question.externalId}
                      </Link>{" "}
                      {r.question.title}
                      {r.nugget && (
                        <div className="text-xs text-stone-600">
                          N{r.nugget.position}: {r.nugget.text}
                        </div>
                      )}
                    </td>
                    <td className="py-1.5 pr-2 font-mono text-xs">
                      {r.chunk.externalId}
                      {r.chunk.path && <div className="text-stone-500">{r.chunk.path}</div>}
                    </td>
                    <td className="py-1.5 text-xs">
                      {r.labels.map((l) => (
                        <div key={l.judge} className="whitespace-nowrap">
                          <span className="font-mono">{l.positive === null ? "?" : l.positive ? "✓" : "✗"}</span>{" "}
                          {l.judge}: {l.text}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        </form>
      )}
      <Pager
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        href={(page) => `/studies/${study.id}/disagreements?page=${page}`}
      />
    </>
  );
}
