"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import { STATISTIC_LABELS, type StatisticName } from "@/lib/domain/agreement/statistic-names";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import type { Calibration, FewShotRequest, JudgingPage } from "@/lib/schemas/judging";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Field, Select } from "@/components/ui/field";
import { signedPoints } from "@/components/ui/wording";
import { percent } from "@/components/reports/format";
import { CountHeatmap } from "@/components/reports/count-heatmap";
import { ReportExports } from "@/components/reports/report-exports";
import { TemplateEditor } from "./template-editor";
import { ReplyText } from "./reply-text";

type JudgeRow = Calibration["judges"][number];

const SHOWN: StatisticName[] = ["cohen-kappa", "weighted-kappa-linear", "krippendorff-alpha-ordinal"];
const figure = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? "–" : v.toFixed(digits));

/**
 * Every judge the runs wrote, side by side against the people's labels: how far they agree, how the
 * judge leans, what its labels cost, and where it differs from the people, with its reply.
 */
export function CalibrationView({ studyId, humanSets }: { studyId: number } & Pick<JudgingPage, "humanSets">) {
  const [human, setHuman] = useState(humanSets[0]?.value ?? "");
  const [shown, setShown] = useState<string | null>(null);
  const [draft, setDraft] = useState<JudgeTemplate | null>(null);
  /** Judges checked for an ensemble, and the ensemble scored beside them ("ensemble:a+b+c"). */
  const [members, setMembers] = useState<string[]>([]);
  const [ensemble, setEnsemble] = useState("");
  const qc = useQueryClient();
  const examples = useMutation({
    mutationFn: (request: FewShotRequest) => judgingApi.fewShot(studyId, request),
    onSuccess: ({ template }) => setDraft(template),
  });
  const { data, error, isFetching } = useCalibration(studyId, human, ensemble);
  if (humanSets.length === 0)
    return (
      <p className="mt-3 text-sm text-stone-600">
        No people's labels yet: run a campaign, or import a human judge's labels.
      </p>
    );
  const open = data?.judges.find((j) => j.judge === shown);
  return (
    <>
      <Field label="People's labels" className="mt-3 max-w-md">
        <Select value={human} onChange={(e) => setHuman(e.target.value)}>
          {humanSets.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </Field>
      {error && <p className="mt-3 text-sm text-red-700">{error.message}</p>}
      {isFetching && !data && <p className="mt-3 text-sm text-stone-600">Comparing…</p>}
      {data && data.judges.length === 0 && (
        <p className="mt-3 text-sm text-stone-600">
          No judge run has written labels yet (nuggetizer&apos;s runs write nugget sets: a nugget quality campaign on
          one reviews it).
        </p>
      )}
      {data && data.judges.length > 1 && <EnsembleControls members={members} onScore={setEnsemble} />}
      {data && data.judges.length > 0 && (
        <ReportExports
          className="mt-3"
          href={(format) =>
            `/api/studies/${studyId}/reports/calibration?${new URLSearchParams({ human, ...(ensemble ? { ensemble } : {}), format })}`
          }
        />
      )}
      {data && data.judges.length > 0 && (
        <JudgesTable judges={data.judges} members={members} onMembers={setMembers} shown={shown} onShown={setShown} />
      )}
      {open && !draft && (
        <JudgeDetail
          key={`${open.judge}|${human}`}
          judge={open}
          onExamples={(targetKeys) => examples.mutate({ judge: open.judge, human, targetKeys })}
          pending={examples.isPending}
          error={examples.error}
        />
      )}
      {draft && (
        <div className="mt-4">
          <TemplateEditor
            studyId={studyId}
            key={draft.prompt}
            from={draft}
            onSaved={() => void qc.invalidateQueries({ queryKey: queryKeys.judging.templates(studyId) })}
            onClose={() => setDraft(null)}
          />
        </div>
      )}
    </>
  );
}

/** Score the checked judges as an ensemble, or two of them fused as FeB4RAG does. */
function EnsembleControls({ members, onScore }: { members: string[]; onScore: (ensemble: string) => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <Button
        type="button"
        variant="secondary"
        disabled={members.length < 2}
        onClick={() => onScore(formatLabelSet({ kind: "ensemble", judges: members }))}
      >
        {members.length >= 2
          ? `Score the ${members.length} checked as an ensemble`
          : "Score the checked as an ensemble"}
      </Button>
      <Button
        type="button"
        variant="secondary"
        disabled={members.length !== 2}
        onClick={() => onScore(formatLabelSet({ kind: "fused", judges: [members[0]!, members[1]!] }))}
      >
        Score 2 checked fused (FeB4RAG)
      </Button>
      <span className="text-stone-600">
        An ensemble: the majority of nominal labels (a tie gives none), the lower median of ordinal ones. Fused: the
        level closest to the two judges&apos; mean, ties down.
      </span>
    </div>
  );
}

/** Each judge's row: whether it is in the ensemble, its agreement, leniency and cost, and its disagreements to open. */
function JudgesTable({
  judges,
  members,
  onMembers,
  shown,
  onShown,
}: {
  judges: JudgeRow[];
  members: string[];
  onMembers: (members: string[]) => void;
  shown: string | null;
  onShown: (judge: string | null) => void;
}) {
  return (
    <DataTable
      className="mt-4"
      label="Judges against the people"
      minWidth="min-w-[52rem]"
      rows={judges}
      rowKey={(j) => j.judge}
      rowProps={(j) => ({ className: "align-top", "data-testid": `calibration-${j.judge}` })}
      columns={[
        {
          header: "Judge",
          cell: (j) => <JudgeCell judge={j} members={members} onMembers={onMembers} />,
        },
        { header: "Compared", numeric: true, cell: (j) => j.items },
        ...SHOWN.map((metric) => ({
          header: STATISTIC_LABELS[metric],
          numeric: true,
          cell: (j: JudgeRow) => figure(j.statistics.find((s) => s.metric === metric)?.value),
          title: (j: JudgeRow) => j.statistics.find((s) => s.metric === metric)?.reason,
        })),
        {
          header: "Leniency",
          numeric: true,
          cell: (j) => (j.leniency?.value == null ? "–" : signedPoints(j.leniency.value)),
        },
        {
          header: "Cost per 1,000",
          numeric: true,
          cell: (j) => (j.costPer1000 === null ? "unknown" : figure(j.costPer1000, 4)),
        },
        {
          header: "Disagreements",
          alignRight: true,
          cell: (j) =>
            j.disagreementCount === 0 ? (
              "0"
            ) : (
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-1 text-xs"
                aria-expanded={shown === j.judge}
                onClick={() => onShown(shown === j.judge ? null : j.judge)}
              >
                {j.disagreementCount} {shown === j.judge ? "(hide)" : "(show)"}
              </Button>
            ),
        },
      ]}
    />
  );
}

/** A judge's name (with its ensemble checkbox when it is a judge of its own), what it labelled, and its position consistency. */
function JudgeCell({
  judge,
  members,
  onMembers,
}: {
  judge: JudgeRow;
  members: string[];
  onMembers: (members: string[]) => void;
}) {
  return (
    <>
      {judge.ties === null ? (
        <label className="flex items-start gap-1.5">
          <input
            type="checkbox"
            className="mt-1"
            aria-label={`In the ensemble: ${judge.judge}`}
            checked={members.includes(judge.judge)}
            onChange={(e) =>
              onMembers(e.target.checked ? [...members, judge.judge] : members.filter((m) => m !== judge.judge))
            }
          />
          <span className="font-medium break-all">{judge.judge}</span>
        </label>
      ) : (
        <span className="font-medium break-all">{judge.judge}</span>
      )}
      <span className="block text-xs text-stone-600">
        {judge.task} · {judge.runs} run{judge.runs === 1 ? "" : "s"} · {judge.labels} labels
        {judge.ties === null ? "" : ` · ${judge.ties} ties (no label)`}
      </span>
      {judge.positionConsistency && (
        <span className="block text-xs text-stone-600" data-testid="position-consistency">
          {consistencyText(judge.positionConsistency)}
        </span>
      )}
    </>
  );
}

/** "Position-consistent on 9 of 10 pairs (90.0%, 95% interval 59.6%–98.2%)": the pairs judged both ways that agree. */
function consistencyText(c: NonNullable<JudgeRow["positionConsistency"]>): string {
  if (c.pairs === 0) return "Position consistency: no pair judged both ways yet";
  return `Position-consistent on ${c.pairs - c.inconsistent} of ${c.pairs} pairs judged both ways (${percent(c.share!)}, 95% interval ${percent(c.low!)}–${percent(c.high!)})`;
}

/**
 * One judge's confusion matrix against the people, and the targets where they differ with its
 * reply; chosen ones become the few-shot examples of a new version of its template.
 */
function JudgeDetail({
  judge,
  onExamples,
  pending,
  error,
}: {
  judge: JudgeRow;
  onExamples: (targetKeys: string[]) => void;
  pending: boolean;
  error: Error | null;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <section
      aria-label={`Disagreements of ${judge.judge}`}
      className="mt-4 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h3 className="font-medium break-all">{judge.judge}</h3>
      {judge.categories.length > 0 && (
        <div className="mt-3">
          <CountHeatmap
            title="Confusion matrix"
            testId="calibration-confusion"
            matrix={judge.confusion}
            categories={judge.categories}
            corner="the judge ↓ · the people →"
            note="Diagonal cells (bold) are agreements."
          />
        </div>
      )}
      {judge.levels.length > 0 && (
        <p className="mt-2 text-xs text-stone-600" data-testid="calibration-levels">
          Over- and under-calling (the judge&apos;s share of targets at a level minus the people&apos;s):{" "}
          {judge.levels.map((l) => `${l.level} ${signedPoints(l.difference)}`).join(", ")}
        </p>
      )}
      <ul className="mt-3 space-y-3">
        {judge.disagreements.map((d) => (
          <li key={d.targetKey} className="text-sm" data-testid="calibration-disagreement">
            <label className="inline-flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={chosen.includes(d.targetKey)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, d.targetKey] : chosen.filter((k) => k !== d.targetKey))
                }
              />
              <span className="font-mono text-xs">{d.targetKey}</span>
            </label>
            : the judge said <strong>{d.judge}</strong>, the people <strong>{d.human}</strong>
            {d.reply !== null && <ReplyText reply={d.reply} />}
          </li>
        ))}
      </ul>
      {judge.disagreementCount > judge.disagreements.length && (
        <p className="mt-2 text-xs text-stone-500">The first {judge.disagreements.length} are shown.</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" disabled={chosen.length === 0 || pending} onClick={() => onExamples(chosen)}>
          Use {chosen.length || "the chosen"} as examples in a new version
        </Button>
        {error && <span className="text-sm text-red-700">{error.message}</span>}
      </div>
    </section>
  );
}

/** The calibration against `human`, read again whenever the runs the table above follows (the same query) store a call. */
function useCalibration(studyId: number, human: string, ensemble: string) {
  const { data: runs } = useQuery({
    queryKey: queryKeys.judging.runs(studyId),
    queryFn: () => judgingApi.runs(studyId),
    enabled: false,
  });
  const stored = runs?.runs.reduce((n, r) => n + r.calls.done, 0) ?? 0;
  return useQuery({
    queryKey: [...queryKeys.judging.calibration(studyId, human, ensemble), stored],
    queryFn: () => judgingApi.calibration(studyId, human, ensemble || undefined),
    enabled: human !== "",
    placeholderData: (previous) => previous,
  });
}
