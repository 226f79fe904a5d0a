"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import type { JudgeSampleKind } from "@/lib/domain/judging/judge-tasks/judge-task";
import { JUDGE_TASKS, judgeTaskOfPairs } from "@/lib/domain/judging/judge-tasks/registry";
import { isQueryDocumentKey } from "@/lib/domain/targets";
import { queryKeys } from "@/lib/client/query-keys";
import type { JudgeRunSample, JudgingPage, NewJudgeRun } from "@/lib/schemas/judging";
import { Button } from "@/components/ui/button";
import { Field, Select, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { ClientForm } from "@/components/ui/client-form";
import { NuggetFields, nuggetizerOf } from "./nugget-fields";

type SampleKind = JudgeSampleKind;

function sampleOf(form: FormData, targets: string[]): JudgeRunSample {
  const kind = String(form.get("sampleKind")) as SampleKind;
  if (kind === "targets") return { kind, targetKeys: targets };
  const n = Number(form.get("sampleSize"));
  if (kind === "random_pairs") return { kind, pairs: n };
  if (kind === "random_questions") return { kind, questions: n };
  if (kind === "campaign") return { kind, campaign: String(form.get("campaign") ?? "") };
  return { kind: "all_pairs" };
}

/** The run a submitted form asks for. */
function runOf(form: FormData, targets: string[]): NewJudgeRun {
  const seed = String(form.get("seed") ?? "").trim();
  const comparing = String(form.get("criterion") ?? "") !== "";
  return {
    template: String(form.get("template")),
    endpoint: String(form.get("endpoint")),
    sample: sampleOf(form, targets),
    ...(comparing
      ? { systems: form.getAll("systems").map(String), criterion: String(form.get("criterion")).trim() }
      : {}),
    temperature: Number(form.get("temperature") || 0),
    seed: seed === "" ? null : Number(seed),
    ...(form.get("nuggetSet") ? { nuggetSet: String(form.get("nuggetSet")) } : {}),
    ...(form.has("windowSize") ? { nuggetizer: nuggetizerOf(form) } : {}),
  };
}

/** Pairs chosen in the disagreement queue: the newest template of the task that judges them (null: none chosen, or none of it). */
function templateForPairs(templates: JudgingPage["templates"], targets: string[]): string | null {
  if (targets.length === 0) return null;
  const task = judgeTaskOfPairs(targets.every(isQueryDocumentKey) ? "query_document" : "nugget_document");
  const first = templates.flatMap((t) => t.versions).find((v) => v.template.task === task?.id);
  return first ? `${first.name}@${first.version}` : null;
}

/**
 * The samples a template's task offers here: the chosen pairs when there are some, a campaign's
 * items when the study has a campaign of the task (`sampled`), and its own kinds.
 */
function samplesOffered(
  task: (typeof JUDGE_TASKS)[keyof typeof JUDGE_TASKS] | null,
  campaigns: JudgingPage["campaigns"],
  targets: string[],
) {
  const sampled = campaigns.filter((c) => c.taskType === task?.campaignTask);
  const offered = (k: SampleKind) => (k === "targets" ? targets.length > 0 : k !== "campaign" || sampled.length > 0);
  const samples = (Object.entries(task?.sampleLabels ?? {}) as [SampleKind, string][])
    .filter(([k]) => offered(k))
    .map(([k, label]): [SampleKind, string] =>
      k === "targets" ? [k, `The ${targets.length} chosen pairs (from the disagreement queue)`] : [k, label],
    );
  return { sampled, samples };
}

/** Starts a judge run: a template version, an endpoint, a sample of the study, a temperature and an optional seed. */
export function RunForm({
  studyId,
  templates: initial,
  endpoints,
  campaigns,
  answeringSystems,
  nuggetSets,
  passageSets,
  targets,
}: { studyId: number; targets: string[] } & Pick<
  JudgingPage,
  "templates" | "endpoints" | "campaigns" | "answeringSystems" | "nuggetSets" | "passageSets"
>) {
  const { data } = useQuery({
    queryKey: queryKeys.judging.templates(studyId),
    queryFn: () => judgingApi.templates(studyId),
    initialData: { templates: initial },
  });
  // pairs chosen in the disagreement queue open the form on them
  const [open, setOpen] = useState(targets.length > 0);
  const [kind, setKind] = useState<SampleKind>(targets.length > 0 ? "targets" : "all_pairs");
  // chosen pairs start on the newest template of the task that judges them
  const [chosen, setChosen] = useState<string | null>(() => templateForPairs(initial, targets));
  const [started, setStarted] = useState<string | null>(null);
  const start = useStartRun(studyId, (message) => {
    setStarted(message);
    setOpen(false);
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start.mutate(runOf(new FormData(event.currentTarget), targets));
  }
  if (!open) return <ClosedRunForm started={started} onOpen={() => setOpen(true)} />;
  const runnable = data.templates.flatMap((t) => t.versions);
  const template = runnable.find((v) => `${v.name}@${v.version}` === chosen) ?? runnable[0];
  const task = template ? JUDGE_TASKS[template.template.task] : null;
  const { sampled, samples } = samplesOffered(task, campaigns, targets);
  const pending = start.isPending;
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-label="New judge run"
      className="grid max-w-3xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <TemplateField
        versions={runnable}
        chosen={template}
        disabled={pending}
        onChoose={(value) => {
          const next = runnable.find((v) => `${v.name}@${v.version}` === value);
          setChosen(value);
          const offers = next ? JUDGE_TASKS[next.template.task].sampleLabels : {};
          setKind(targets.length > 0 && "targets" in offers ? "targets" : "all_pairs");
        }}
      />
      <EndpointField endpoints={endpoints} disabled={pending} />
      <SampleFields
        kind={kind}
        onKind={setKind}
        samples={samples}
        sizeLabel={(k) => task?.sampleSizes[k] ?? "Size"}
        campaigns={sampled}
        disabled={pending}
      />
      {/* a task that compares answers takes systems and a criterion */}
      {task?.unit === "request" && <ComparisonFields systems={answeringSystems} disabled={pending} />}
      <NuggetFields task={task} kind={kind} nuggetSets={nuggetSets} passageSets={passageSets} disabled={pending} />
      <ModelSettings disabled={pending} />
      <FormActions
        submit="Start run"
        pendingText="Starting…"
        pending={pending}
        error={start.error}
        errorLabel="Judge run error"
        onCancel={() => setOpen(false)}
        className="sm:col-span-2"
      />
    </ClientForm>
  );
}

/** The sample a run judges: its kind (those the template's task offers), and its size or campaign. */
function SampleFields({
  kind,
  onKind,
  samples,
  sizeLabel,
  campaigns,
  disabled,
}: {
  kind: SampleKind;
  onKind: (kind: SampleKind) => void;
  samples: readonly [SampleKind, string][];
  sizeLabel: (kind: "random_pairs" | "random_questions") => string;
  campaigns: readonly { name: string }[];
  disabled: boolean;
}) {
  return (
    <>
      <Field label="Sample">
        <Select
          name="sampleKind"
          value={kind}
          onChange={(e) => onKind(e.target.value as SampleKind)}
          disabled={disabled}
        >
          {samples.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {(kind === "random_pairs" || kind === "random_questions") && (
        <Field label={sizeLabel(kind)}>
          <TextInput
            name="sampleSize"
            type="number"
            min={1}
            required
            defaultValue={kind === "random_pairs" ? 100 : 10}
            disabled={disabled}
          />
        </Field>
      )}
      {kind === "campaign" && (
        <Field label="Campaign" hint="Its items, for comparing with its annotators">
          <Select name="campaign" required disabled={disabled}>
            {campaigns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}

/** What a run that compares answers asks: the systems (every pair among them) and the criterion its labels are for. */
function ComparisonFields({ systems, disabled }: { systems: readonly string[]; disabled: boolean }) {
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Systems (every pair among them, each shown both ways)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {systems.map((name) => (
            <label key={name} className="flex items-center gap-1.5">
              <input type="checkbox" name="systems" value={name} disabled={disabled} />
              {name}
            </label>
          ))}
          {systems.length === 0 && (
            <span className="text-stone-600">No system has answers: import responses first</span>
          )}
        </div>
      </fieldset>
      <Field label="Criterion" hint="What the labels are for, such as overall, coverage or correctness">
        <TextInput
          name="criterion"
          required
          defaultValue="overall"
          pattern="[a-z0-9][a-z0-9_\-]{0,39}"
          disabled={disabled}
        />
      </Field>
    </>
  );
}

/** The form closed: its button, and what the last run started. */
function ClosedRunForm({ started, onOpen }: { started: string | null; onOpen: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" onClick={onOpen}>
        New judge run
      </Button>
      {started && (
        <p role="status" className="text-sm text-emerald-800">
          {started}
        </p>
      )}
    </div>
  );
}

type TemplateVersion = JudgingPage["templates"][number]["versions"][number];

/** The template version a run uses, newest of each template first. */
function TemplateField({
  versions,
  chosen,
  disabled,
  onChoose,
}: {
  versions: readonly TemplateVersion[];
  chosen: TemplateVersion | undefined;
  disabled: boolean;
  onChoose: (value: string) => void;
}) {
  return (
    <Field label="Template" className="sm:col-span-2" hint="The newest version of each template first">
      <Select
        name="template"
        required
        disabled={disabled}
        value={chosen ? `${chosen.name}@${chosen.version}` : undefined}
        onChange={(e) => onChoose(e.target.value)}
      >
        {versions.map((v) => (
          <option key={`${v.name}@${v.version}`} value={`${v.name}@${v.version}`}>
            {v.name} @ {v.version.slice(0, 8)} ({v.template.task}, {v.template.scale})
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The endpoint a run calls (an admin registers them). */
function EndpointField({ endpoints, disabled }: { endpoints: JudgingPage["endpoints"]; disabled: boolean }) {
  return (
    <Field
      label="Endpoint"
      className="sm:col-span-2"
      hint={
        endpoints.length === 0 ? "No endpoint yet: an admin registers them under Admin, Judge endpoints" : undefined
      }
    >
      <Select name="endpoint" required disabled={disabled}>
        {endpoints.map((e) => (
          <option key={e.id} value={e.name}>
            {e.name} ({e.model})
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Starts the run; then says what it started, and the runs' table reads again. */
function useStartRun(studyId: number, onStarted: (message: string) => void) {
  const qc = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: (run: NewJudgeRun) => judgingApi.startRun(studyId, run),
    onSuccess: (result) => {
      onStarted(
        result.nuggetSet
          ? result.nuggets === "written"
            ? `Started: ${result.calls} calls, nuggets into the set “${result.nuggetSet}”.`
            : `Started: ${result.calls} calls, grading the nugget set “${result.nuggetSet}”.`
          : `Started: ${result.calls} calls, labels as “${result.judge}”.`,
      );
      void qc.invalidateQueries({ queryKey: queryKeys.judging.runs(studyId) });
      // a creation run's new set: the page's menus of nugget sets offer it
      if (result.nuggets === "written") router.refresh();
    },
  });
}

/** What the model is called with: its temperature and an optional seed (which also draws a random sample). */
function ModelSettings({ disabled }: { disabled: boolean }) {
  return (
    <>
      <Field label="Temperature">
        <TextInput name="temperature" type="number" min={0} max={2} step={0.1} defaultValue={0} disabled={disabled} />
      </Field>
      <Field label="Seed" hint="Optional; sent to the model and used to draw a random sample">
        <TextInput name="seed" type="number" min={0} step={1} disabled={disabled} />
      </Field>
    </>
  );
}
