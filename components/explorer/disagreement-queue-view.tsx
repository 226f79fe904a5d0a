import Link from "next/link";
import { questionPath } from "@/lib/domain/explorer/question-path";
import type { DisagreementList } from "@/lib/schemas/explorer";
import { Pager } from "./pager";
import { PageHeader } from "@/components/ui/page-header";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable } from "@/components/ui/data-table";
import { Button } from "@/components/ui/button";

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
        title="Disagreements"
        description={
          <>
            Pooled pairs whose judges disagree (LLMs with humans, or LLMs with each other, each label read through its
            scale&apos;s threshold), the strongest first: the distance between the highest and the lowest label, each
            scaled to 0–1 on its own scale.
          </>
        }
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-sm" data-testid="disagreement-count">
          {list.total.toLocaleString("en")} pairs
        </p>
        {list.total > 0 && (
          <ReportExports
            href={(format) =>
              format === "csv"
                ? `/api/studies/${study.id}/disagreements?format=csv`
                : `/api/studies/${study.id}/disagreements?page=${list.page}`
            }
          />
        )}
      </div>
      {list.rows.length > 0 && (
        <form method="get" action={`/studies/${study.id}/campaigns/new`} aria-label="Follow-up campaign">
          <Button type="submit" className="mt-2">
            Create follow-up campaign from the checked pairs
          </Button>{" "}
          <Button variant="secondary" type="submit" formAction={`/studies/${study.id}/judging`} className="mt-2">
            Run an LLM judge on the checked pairs
          </Button>
          <DisagreeingPairs studyId={study.id} rows={list.rows} first={first} />
        </form>
      )}
      <Pager
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        href={(page) => `/studies/${study.id}/explorer/disagreements?page=${page}`}
      />
    </>
  );
}

/** The page's pairs, each checked for the follow-up (its number counted from `first`), its question, chunk and labels. */
function DisagreeingPairs({
  studyId,
  rows,
  first,
}: {
  studyId: number;
  rows: DisagreementList["rows"];
  first: number;
}) {
  return (
    <DataTable
      className="mt-3"
      label="Disagreeing pairs"
      stackOnPhone
      rows={rows}
      rowKey={(r) => r.targetKey}
      rowProps={() => ({ className: "align-top" })}
      columns={[
        {
          header: "#",
          cell: (r, i) => (
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
          ),
        },
        { header: "Strength", className: "font-mono tabular-nums", cell: (r) => r.strength.toFixed(2) },
        {
          header: "Question · nugget",
          cell: (r) => (
            <>
              <Link
                href={`${questionPath(studyId, r.question.externalId)}?chunk=${r.chunk.id}&only=disagreements`}
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
            </>
          ),
        },
        {
          header: "Chunk",
          className: "font-mono text-xs",
          cell: (r) => (
            <>
              {r.chunk.externalId}
              {r.chunk.path && <div className="text-stone-500">{r.chunk.path}</div>}
            </>
          ),
        },
        {
          header: "Labels",
          className: "text-xs",
          cell: (r) =>
            r.labels.map((l) => (
              <div key={l.judge} className="sm:whitespace-nowrap">
                <span className="font-mono">{l.positive === null ? "?" : l.positive ? "✓" : "✗"}</span> {l.judge}:{" "}
                {l.text}
              </div>
            )),
        },
      ]}
    />
  );
}
