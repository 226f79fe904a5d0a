import Link from "next/link";
import { PROTOCOL_LABELS } from "@/lib/domain/campaigns/protocol";
import { taskTypeLabel } from "@/lib/domain/task-types/registry";
import type { StudyOverview } from "@/lib/schemas/studies";
import { StatCard } from "@/components/ui/stat-card";
import { count } from "@/components/ui/wording";
import { PageHeader } from "@/components/ui/page-header";
import { DataTable } from "@/components/ui/data-table";
import { PassageDisplayForm } from "./passage-display-form";

export function StudyOverviewView({ study }: { study: StudyOverview }) {
  const c = study.counts;
  const stats = [
    { label: "Questions", value: c.queries },
    { label: "Nuggets", value: c.nuggets },
    { label: "Chunks", value: c.documents },
    { label: "Pooled pairs", value: c.poolEntries },
    { label: "LLM labels", value: c.llmLabels },
    { label: "Campaigns", value: c.campaigns },
    { label: "Systems", value: c.systems },
    { label: "RAG responses", value: c.responses },
  ];
  return (
    <>
      <PageHeader title={study.name} description={study.description || undefined} />
      {c.members === 0 && (
        <p
          role="note"
          className="mt-4 max-w-3xl rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          This study has no members yet. Add its researchers and annotators on the{" "}
          <Link href={`/studies/${study.id}/members`} className="font-medium underline">
            Members
          </Link>{" "}
          page.
        </p>
      )}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Study counts">
        {stats.map((s) => (
          <StatCard key={s.label} label={s.label} value={s.value} />
        ))}
      </dl>
      <div className="mb-2 mt-8 flex items-center gap-4">
        <h2 className="text-lg font-semibold">Campaigns</h2>
        <Link href={`/studies/${study.id}/campaigns/new`} className="text-sm font-medium text-sky-700 hover:underline">
          New campaign
        </Link>
      </div>
      {study.campaigns.length === 0 ? (
        <p className="text-sm text-stone-500">No campaigns yet.</p>
      ) : (
        <ul className="max-w-3xl divide-y divide-stone-200 text-sm" aria-label="Campaigns">
          {study.campaigns.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
              <Link
                href={`/studies/${study.id}/campaigns/${c.id}`}
                className="font-medium text-sky-800 hover:underline"
              >
                {c.name}
              </Link>
              <span className="text-xs text-stone-500">
                {taskTypeLabel(c.taskType)} · {PROTOCOL_LABELS[c.protocol]} · {count(c.items, "item")} · {c.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 mt-8 text-lg font-semibold">Passages</h2>
      <PassageDisplayForm studyId={study.id} initial={study.passageDisplay} />
      <h2 className="mb-2 mt-8 text-lg font-semibold">Judges</h2>
      <DataTable
        label="Judges"
        minWidth="max-w-xl"
        rows={study.judges}
        rowKey={(j) => j.name}
        columns={[
          { header: "Judge", className: "font-mono text-xs", cell: (j) => j.name },
          { header: "Kind", cell: (j) => (j.kind === "model" ? "LLM" : "Human") },
          { header: "Labels", numeric: true, cell: (j) => j.labels.toLocaleString("en") },
        ]}
      />
    </>
  );
}
