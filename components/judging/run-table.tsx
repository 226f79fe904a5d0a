"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import { judgeTaskOf } from "@/lib/domain/judging/judge-tasks/registry";
import { costText, finishedCalls } from "@/lib/domain/judging/run-progress";
import type { JudgeRunDto } from "@/lib/schemas/judging";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ProgressBar } from "@/components/ui/progress-bar";
import { RunProblems } from "./run-problems";

/**
 * A creation run's calibration: the nugget quality campaigns on the set it wrote, each linked to its
 * report (hallucinated, redundant and missing nuggets per question), or how to start one.
 */
function RunReviews({ studyId, run }: { studyId: number; run: JudgeRunDto }) {
  if (run.reviews.length === 0)
    return (
      <span className="block text-xs text-stone-600" data-testid="run-reviews">
        Not reviewed yet:{" "}
        <Link className="underline" href={`/studies/${studyId}/campaigns/new`}>
          a nugget quality campaign
        </Link>{" "}
        on its set checks it
      </span>
    );
  return (
    <span className="block text-xs text-stone-600" data-testid="run-reviews">
      Reviewed in{" "}
      {run.reviews.map((c, i) => (
        <span key={c.campaignId}>
          {i > 0 && ", "}
          <Link className="underline" href={`/studies/${studyId}/nugget-quality?campaign=${c.campaignId}`}>
            {c.name}
          </Link>
        </span>
      ))}
    </span>
  );
}

const problems = (r: JudgeRunDto) => r.calls.unparsed + r.calls.failed + r.calls.skipped + r.incompleteCalls;

function etaText(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds < 90) return `${seconds} s left`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min left`;
  return `${(seconds / 3600).toFixed(1)} h left`;
}

/** A study's judge runs with live progress (refreshed every second while one runs), their controls, and their problem calls. */
export function RunTable({ studyId, runs: initial }: { studyId: number; runs: JudgeRunDto[] }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.judging.runs(studyId),
    queryFn: () => judgingApi.runs(studyId),
    initialData: { runs: initial },
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.status === "running") ? 1000 : false),
  });
  const [shown, setShown] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: ({ id, action }: { id: number; action: "pause" | "resume" | "cancel" | "retry" }) =>
      judgingApi.changeRun(studyId, id, action),
    onSuccess: (_, { id }) => {
      void qc.invalidateQueries({ queryKey: queryKeys.judging.runs(studyId) });
      void qc.invalidateQueries({ queryKey: queryKeys.judging.run(studyId, id) });
    },
  });
  if (data.runs.length === 0)
    return <p className="mt-6 text-sm text-stone-600">No judge run yet: start the first one above.</p>;
  const action = (r: JudgeRunDto, name: "pause" | "resume" | "cancel" | "retry", label: string) => (
    <Button
      type="button"
      variant="secondary"
      className="px-2 py-1 text-xs"
      disabled={change.isPending}
      onClick={() => change.mutate({ id: r.id, action: name })}
    >
      {label}
    </Button>
  );
  const shownRun = data.runs.find((r) => r.id === shown);
  return (
    <>
      {change.error && (
        <Alert label="Judge run error" className="mt-4">
          {change.error.message}
        </Alert>
      )}
      <DataTable
        className="mt-6"
        label="Judge runs"
        minWidth="min-w-[52rem]"
        rows={data.runs}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ className: "align-top", "data-testid": `judge-run-${r.id}` })}
        columns={[
          {
            header: "Judge",
            cell: (r) => (
              <>
                <span className="font-medium break-all">{r.judge}</span>
                <span className="block text-xs text-stone-600">
                  {r.templateName} @ {r.templateVersion.slice(0, 8)} · {r.endpoint} ({r.model}) · t={r.temperature}
                  {r.seed === null ? "" : ` · seed ${r.seed}`}
                </span>
                {r.nuggetSet !== null && (
                  <span className="block text-xs break-words text-stone-600" data-testid="run-nugget-set">
                    {{ nuggets: "Writes", importance: "Grades" }[judgeTaskOf(r.task).labelKind as string] ??
                      "Nuggets of"}{" "}
                    the nugget set {r.nuggetSet}
                  </span>
                )}
                {judgeTaskOf(r.task).labelKind === "nuggets" && <RunReviews studyId={studyId} run={r} />}
                <span className="block text-xs text-stone-500">
                  #{r.id}, {r.createdBy ?? "?"}, {new Date(r.createdAt).toLocaleString()}
                </span>
              </>
            ),
          },
          {
            header: "Status",
            cell: (r) => (
              <>
                <span data-testid="run-status" className={r.status === "failed" ? "font-medium text-red-800" : ""}>
                  {r.status}
                </span>
                {r.failure && (
                  <span className="block max-w-xs text-xs break-words text-red-800" data-testid="run-failure">
                    No call was answered: {r.failure}
                  </span>
                )}
              </>
            ),
          },
          {
            header: "Progress",
            cell: (r) => (
              <div className="w-40">
                <ProgressBar value={finishedCalls(r)} max={r.total} label={`Run ${r.id} progress`} />
                <span className="mt-1 block text-xs text-stone-600" data-testid="run-progress">
                  {finishedCalls(r)} / {r.total} calls{r.cachedCalls > 0 ? ` · ${r.cachedCalls} cached` : ""}
                </span>
                {judgeTaskOf(r.task).bothOrders && (
                  <span className="block text-xs text-stone-600" data-testid="run-inconsistent">
                    {r.criterion} · {r.inconsistentPairs} position-inconsistent
                  </span>
                )}
                {problems(r) > 0 && (
                  <span className="block text-xs text-amber-800">
                    {r.calls.unparsed} unparsed · {r.calls.failed} failed · {r.calls.skipped} skipped
                    {r.incompleteCalls > 0 ? ` · ${r.incompleteCalls} with windows unanswered` : ""}
                  </span>
                )}
                {r.waiting ? (
                  <span className="block text-xs break-words text-amber-800" data-testid="run-waiting">
                    {r.waiting}
                  </span>
                ) : (
                  <span className="block text-xs text-stone-500">{etaText(r.etaSeconds)}</span>
                )}
              </div>
            ),
          },
          { header: "Tokens", numeric: true, cell: (r) => (r.inputTokens + r.outputTokens).toLocaleString() },
          {
            header: "Cost",
            numeric: true,
            cell: (r) => (
              <span title="Known cost; calls without token usage or prices are counted as unknown">{costText(r)}</span>
            ),
          },
          {
            header: "",
            alignRight: true,
            cell: (r) => (
              <div className="flex flex-wrap justify-end gap-1">
                {r.status === "running" && action(r, "pause", "Pause")}
                {r.status === "paused" && action(r, "resume", "Resume")}
                {(r.status === "running" || r.status === "paused") && action(r, "cancel", "Cancel")}
                {r.status !== "cancelled" &&
                  r.calls.unparsed + r.calls.failed > 0 &&
                  action(r, "retry", "Retry problems")}
                {problems(r) > 0 && (
                  <Button
                    type="button"
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    aria-expanded={shown === r.id}
                    onClick={() => setShown(shown === r.id ? null : r.id)}
                  >
                    {shown === r.id ? "Hide problems" : "Show problems"}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      {shownRun && <RunProblems studyId={studyId} run={shownRun} />}
    </>
  );
}
