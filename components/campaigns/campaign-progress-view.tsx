"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { hasAnnotatorQuality } from "@/lib/domain/annotator-quality/quality-tasks";
import { altTestUnit } from "@/lib/domain/alt-test/build-alt-test-report";
import { SAMPLE_KIND_LABELS } from "@/lib/domain/campaigns/sampling";
import { PROTOCOL_LABELS } from "@/lib/domain/campaigns/protocol";
import { TASK_TYPES, taskTypeLabel, type AnyTaskType } from "@/lib/domain/task-types/registry";
import { campaignApi } from "@/lib/client/campaign-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CampaignProgress } from "@/lib/schemas/campaigns";
import { DownloadButton } from "@/components/imports/download-button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatCard } from "@/components/ui/stat-card";
import { CampaignControls } from "./campaign-controls";
import { RevealEffectTable } from "./reveal-effect-table";
import { AdjudicationPanel } from "./adjudication-panel";
import { StrandedItems } from "./stranded-items";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { count } from "@/components/ui/wording";

type Annotator = CampaignProgress["annotators"][number];

/** Where a campaign's results are read, by its task type's report. */
const REPORT_LINKS: Record<
  AnyTaskType["report"],
  (studyId: number, campaignId: number) => { href: string; text: string }
> = {
  "campaign-agreement": (study, id) => ({
    href: `/studies/${study}/agreement?campaign=${id}`,
    text: "Agreement report",
  }),
  impact: (study) => ({
    href: `/studies/${study}/impact?family=answers`,
    text: "Nugget scores in Benchmark impact (each annotator is a label set)",
  }),
  "nugget-quality": (study, id) => ({
    href: `/studies/${study}/nugget-quality?campaign=${id}`,
    text: "Nugget quality report",
  }),
  preferences: (study, id) => ({
    href: `/studies/${study}/preferences?source=campaign%3A${id}`,
    text: "Preference report",
  }),
};

/** A campaign's progress, refreshed every few seconds while open. */
export function CampaignProgressView({
  initial,
  members,
  studyMembers,
  llmJudges,
}: {
  initial: CampaignProgress;
  /** The study's annotator members (who may annotate it). */
  members: { id: number; name: string; email: string }[];
  /** Every member of the study, and its LLM judges (for the adjudication settings). */
  studyMembers: { id: number; name: string; email: string; role: string }[];
  llmJudges: string[];
}) {
  const { data: c } = useQuery({
    queryKey: queryKeys.campaigns.progress(initial.id),
    queryFn: () => campaignApi.progress(initial.id),
    initialData: initial,
    refetchInterval: 5000,
  });
  const minutes = (s: number) => (s < 90 ? `${s} s` : `${Math.round(s / 60)} min`);
  const task = TASK_TYPES[c.taskType];
  const revealing = c.protocol === "blind_then_reveal";
  const report = REPORT_LINKS[task.report](c.studyId, c.id);
  return (
    <>
      <PageHeader
        title={c.name}
        actions={
          <>
            <Link href={report.href} className={buttonClass("secondary")}>
              {report.text}
            </Link>
            <DownloadButton
              href={`/api/studies/${c.studyId}/exports?what=annotations&format=jsonl&campaign=${c.id}`}
              variant="secondary"
            >
              Export annotations (JSONL)
            </DownloadButton>
          </>
        }
      />
      <CampaignControls campaign={c} members={members} />
      <p className="mt-3 text-sm text-stone-600">
        {taskTypeLabel(c.taskType)}
        {task.unit === "pair" ? ` · ${c.scaleName}` : ""} · {PROTOCOL_LABELS[c.protocol]}
        {c.llmJudge ? ` (${c.llmJudge})` : ""}
        {c.highlightTerms ? " · the question's terms marked" : ""} · overlap {c.overlap} ·{" "}
        {task.sampleLabels[c.sample.kind] ?? SAMPLE_KIND_LABELS[c.sample.kind]}
        {"questions" in c.sample ? ` (N = ${c.sample.questions})` : ""}
        {"pairs" in c.sample ? ` (N = ${c.sample.pairs})` : ""}, seed {c.seed}
        {c.gold ? ` · ${count(c.gold.items, "gold item")} from “${c.gold.labelSet}”` : ""}
      </p>
      <ProgressBar
        className="mt-4 max-w-xl"
        value={c.labels.submitted}
        max={c.labels.target}
        label="Campaign progress"
      />
      <p className="mt-1 text-xs tabular-nums text-stone-600">
        {c.labels.submitted} of {c.labels.target} labels
      </p>
      <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Items by status">
        <StatCard label="Items" value={c.items.total} />
        <StatCard label="Complete" value={c.items.complete} />
        <StatCard label="In progress" value={c.items.inProgress} />
        <StatCard label="Not started" value={c.items.untouched} />
        <StatCard label="Stranded" value={c.items.stranded} />
      </dl>
      <StrandedItems campaign={c} />
      <div className="mb-2 mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Annotators</h2>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {hasAnnotatorQuality(c.taskType) && (
            <Link
              href={`/studies/${c.studyId}/annotator-quality?campaign=${c.id}`}
              className="text-sm text-sky-700 hover:underline"
            >
              Annotator quality: speed, drift, gold, Dawid-Skene
            </Link>
          )}
          {altTestUnit(c.taskType) !== null && c.overlap >= 2 && (
            <Link
              href={`/studies/${c.studyId}/alt-test?campaign=${c.id}`}
              className="text-sm text-sky-700 hover:underline"
            >
              Alternative Annotator Test: may an LLM replace them?
            </Link>
          )}
        </div>
      </div>
      <DataTable
        label="Annotators"
        stackOnPhone
        minWidth="min-w-[40rem] max-w-4xl"
        rows={c.annotators}
        rowKey={(a) => a.userId}
        columns={[
          {
            header: "Annotator",
            cell: (a) => (
              <>
                {a.name} <span className="text-xs text-stone-500">{a.email}</span>
              </>
            ),
          },
          { header: "Labelled", numeric: true, cell: (a) => a.submitted },
          { header: "Skipped", numeric: true, cell: (a) => a.skipped },
          { header: "Open", numeric: true, cell: (a) => a.leased },
          ...(revealing
            ? [
                { header: "Kept after reveal", numeric: true, cell: (a: Annotator) => a.confirmed },
                { header: "Changed after reveal", numeric: true, cell: (a: Annotator) => a.changed },
              ]
            : []),
          {
            header: "Median per item",
            numeric: true,
            cell: (a) => (a.medianSeconds === null ? "–" : `${a.medianSeconds} s`),
          },
          { header: "Time spent", numeric: true, cell: (a) => minutes(a.totalSeconds) },
        ]}
      />
      {c.reveal && <RevealEffectTable reveal={c.reveal} />}
      <AdjudicationPanel campaign={c} members={studyMembers} llmJudges={llmJudges} />
    </>
  );
}
