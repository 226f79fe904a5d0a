import Link from "next/link";
import type { QuestionList, QuestionListQuery } from "@/lib/schemas/explorer";
import { Pager } from "./pager";
import { ScrollX } from "@/components/ui/scroll-x";
import { count } from "@/components/ui/wording";
import { Select, TextInput } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";

const COLUMNS: [QuestionListQuery["sort"], string][] = [
  ["nuggets", "Nuggets"],
  ["pooled", "Pooled chunks"],
  ["llmPositive", "LLM-positive pairs"],
  ["humanJudged", "Human-judged pairs"],
  ["disagreements", "Disagreements"],
];

/** A study's questions: a GET form for search and tag, sortable counts, one server page at a time. */
export function QuestionListView({ query, list }: { query: QuestionListQuery; list: QuestionList }) {
  const study = list.study;
  const href = (over: Partial<QuestionListQuery>) => {
    const next = { ...query, ...over };
    return `/studies/${study.id}/questions?${new URLSearchParams({ q: next.q, tag: next.tag, sort: next.sort, dir: next.dir, page: String(next.page) })}`;
  };
  const sortLink = (sort: QuestionListQuery["sort"], label: string) => {
    const active = query.sort === sort;
    const dir = active && query.dir === "desc" ? "asc" : "desc";
    return (
      <Link href={href({ sort, dir: sort === "id" && !active ? "asc" : dir, page: 1 })} className="hover:underline">
        {label}
        {active ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
      </Link>
    );
  };
  return (
    <>
      <PageHeader back={{ href: `/studies/${study.id}`, label: study.name }} title="Questions" />
      <form
        method="get"
        className="mt-4 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-[2fr_1fr_auto]"
        aria-label="Find questions"
      >
        <label className="block text-sm font-medium">
          Search id and text
          <TextInput name="q" defaultValue={query.q} className="mt-1" compact placeholder="e.g. retry" />
        </label>
        <label className="block text-sm font-medium">
          Topic (tag)
          <Select name="tag" defaultValue={query.tag} className="mt-1" compact>
            <option value="">All</option>
            {list.tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </label>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <button
          type="submit"
          className="rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
        >
          Search
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-600" data-testid="question-count">
        {count(list.total, "question")}
        {query.q || query.tag ? (list.total === 1 ? " matches" : " match") : ""}
      </p>
      <ScrollX>
        <table className="mt-2 w-full text-sm" aria-label="Questions">
          <thead className="text-left text-stone-500">
            <tr>
              <th className="py-1 font-medium">{sortLink("id", "Question")}</th>
              {COLUMNS.map(([sort, label]) => (
                <th key={sort} className="py-1 text-right font-medium">
                  {sortLink(sort, label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.id} className="border-t border-stone-200 align-top">
                <td className="py-1.5 pr-4">
                  <Link
                    href={`/studies/${study.id}/questions/${r.id}`}
                    className="font-medium text-sky-800 hover:underline"
                  >
                    {r.externalId}
                  </Link>{" "}
                  <span>{r.title}</span>
                  {r.tags.length > 0 && <span className="ml-2 text-xs text-stone-500">{r.tags.join(" · ")}</span>}
                </td>
                <td className="py-1.5 text-right tabular-nums">{r.nuggets}</td>
                <td className="py-1.5 text-right tabular-nums">{r.pooled}</td>
                <td className="py-1.5 text-right tabular-nums">{r.llmPositive}</td>
                <td className="py-1.5 text-right tabular-nums">{r.humanJudged}</td>
                <td
                  className={`py-1.5 text-right tabular-nums ${r.disagreements > 0 ? "font-semibold text-amber-800" : ""}`}
                >
                  {r.disagreements}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} href={(page) => href({ page })} />
    </>
  );
}
