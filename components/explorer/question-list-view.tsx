import Link from "next/link";
import { questionPath } from "@/lib/domain/explorer/question-path";
import type { QuestionList, QuestionListQuery } from "@/lib/schemas/explorer";
import { Pager } from "./pager";
import { count } from "@/components/ui/wording";
import { Select, TextInput } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable } from "@/components/ui/data-table";
import { NoText } from "./no-text";
import { Button } from "@/components/ui/button";

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
    return `/studies/${study.id}/explorer?${new URLSearchParams({ q: next.q, tag: next.tag, sort: next.sort, dir: next.dir, page: String(next.page) })}`;
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
      <PageHeader
        title="Questions"
        actions={
          <ReportExports
            href={(format) =>
              `/api/studies/${study.id}/questions?${new URLSearchParams({ q: query.q, tag: query.tag, sort: query.sort, dir: query.dir, ...(format === "csv" ? { format } : { page: String(query.page) }) })}`
            }
          />
        }
      />
      <FindQuestions query={query} tags={list.tags} />
      <p className="mt-4 text-sm text-stone-600" data-testid="question-count">
        {count(list.total, "question")}
        {query.q || query.tag ? (list.total === 1 ? " matches" : " match") : ""}
      </p>
      <DataTable
        className="mt-2"
        label="Questions"
        rows={list.rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ className: "align-top" })}
        columns={[
          {
            header: sortLink("id", "Question"),
            cell: (r) => (
              <>
                <Link href={questionPath(study.id, r.externalId)} className="font-medium text-sky-800 hover:underline">
                  {r.externalId}
                </Link>{" "}
                {r.title ? <span>{r.title}</span> : <NoText what="question" />}
                {r.tags.length > 0 && <span className="ml-2 text-xs text-stone-500">{r.tags.join(" · ")}</span>}
              </>
            ),
          },
          ...COLUMNS.map(([sort, label]) => ({
            header: sortLink(sort, label),
            numeric: true,
            cell: (r: (typeof list.rows)[number]) =>
              sort === "disagreements" && r.disagreements > 0 ? (
                <span className="font-semibold text-amber-800">{r.disagreements}</span>
              ) : (
                r[sort]
              ),
          })),
        ]}
      />
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} href={(page) => href({ page })} />
    </>
  );
}

/** The GET form that finds questions by id and text, and by topic; the sort stays as it is. */
function FindQuestions({ query, tags }: { query: QuestionListQuery; tags: readonly string[] }) {
  return (
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
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
      </label>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <Button type="submit">Search</Button>
    </form>
  );
}
