"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { JudgeRunSample, JudgingPage, NewJudgeRun } from "@/lib/schemas/judging";
import { Button } from "@/components/ui/button";
import { Field, Select, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

type SampleKind = "all_pairs" | "random_pairs" | "random_questions" | "campaign";

const SAMPLES: [SampleKind, string][] = [
  ["all_pairs", "All pooled pairs"],
  ["random_pairs", "N random pairs"],
  ["random_questions", "N random questions, all their pairs"],
  ["campaign", "A campaign's items"],
];

function sampleOf(form: FormData): JudgeRunSample {
  const kind = String(form.get("sampleKind")) as SampleKind;
  const n = Number(form.get("sampleSize"));
  if (kind === "random_pairs") return { kind, pairs: n };
  if (kind === "random_questions") return { kind, questions: n };
  if (kind === "campaign") return { kind, campaign: String(form.get("campaign") ?? "") };
  return { kind: "all_pairs" };
}

/** Starts a judge run: a template version, an endpoint, a sample of the study, a temperature and an optional seed. */
export function RunForm({
  studyId,
  templates: initial,
  endpoints,
  campaigns,
}: { studyId: number } & Pick<JudgingPage, "templates" | "endpoints" | "campaigns">) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.judging.templates,
    queryFn: judgingApi.templates,
    initialData: { templates: initial },
  });
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<SampleKind>("all_pairs");
  const [started, setStarted] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (run: NewJudgeRun) => judgingApi.startRun(studyId, run),
    onSuccess: (result) => {
      setStarted(`Started: ${result.calls} calls, labels as “${result.judge}”.`);
      setOpen(false);
      void qc.invalidateQueries({ queryKey: queryKeys.judging.runs(studyId) });
    },
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const seed = String(form.get("seed") ?? "").trim();
    start.mutate({
      template: String(form.get("template")),
      endpoint: String(form.get("endpoint")),
      sample: sampleOf(form),
      temperature: Number(form.get("temperature") || 0),
      seed: seed === "" ? null : Number(seed),
    });
  }
  if (!open)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => setOpen(true)}>
          New judge run
        </Button>
        {started && (
          <p role="status" className="text-sm text-emerald-800">
            {started}
          </p>
        )}
      </div>
    );
  const runnable = data.templates.flatMap((t) => t.versions).filter((v) => v.template.task !== "preference");
  const pending = start.isPending;
  return (
    <form
      onSubmit={onSubmit}
      aria-label="New judge run"
      className="grid max-w-3xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2"
    >
      <Field
        label="Template"
        className="sm:col-span-2"
        hint="Relevance and support templates; the newest version of each first"
      >
        <Select name="template" required disabled={pending}>
          {runnable.map((v) => (
            <option key={`${v.name}@${v.version}`} value={`${v.name}@${v.version}`}>
              {v.name} @ {v.version.slice(0, 8)} ({v.template.task}, {v.template.scale})
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Endpoint"
        className="sm:col-span-2"
        hint={
          endpoints.length === 0 ? "No endpoint yet: an admin registers them under Admin, Judge endpoints" : undefined
        }
      >
        <Select name="endpoint" required disabled={pending}>
          {endpoints.map((e) => (
            <option key={e.id} value={e.name}>
              {e.name} ({e.model})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Sample">
        <Select
          name="sampleKind"
          value={kind}
          onChange={(e) => setKind(e.target.value as SampleKind)}
          disabled={pending}
        >
          {SAMPLES.filter(([k]) => k !== "campaign" || campaigns.length > 0).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {(kind === "random_pairs" || kind === "random_questions") && (
        <Field label={kind === "random_pairs" ? "Pairs" : "Questions"}>
          <TextInput
            name="sampleSize"
            type="number"
            min={1}
            required
            defaultValue={kind === "random_pairs" ? 100 : 10}
            disabled={pending}
          />
        </Field>
      )}
      {kind === "campaign" && (
        <Field label="Campaign" hint="Its (question or nugget, chunk) items, for comparing with its annotators">
          <Select name="campaign" required disabled={pending}>
            {campaigns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.taskType})
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label="Temperature">
        <TextInput name="temperature" type="number" min={0} max={2} step={0.1} defaultValue={0} disabled={pending} />
      </Field>
      <Field label="Seed" hint="Optional; sent to the model and used to draw a random sample">
        <TextInput name="seed" type="number" min={0} step={1} disabled={pending} />
      </Field>
      <FormActions
        submit="Start run"
        pendingText="Starting…"
        pending={pending}
        error={start.error}
        errorLabel="Judge run error"
        onCancel={() => setOpen(false)}
        className="sm:col-span-2"
      />
    </form>
  );
}
