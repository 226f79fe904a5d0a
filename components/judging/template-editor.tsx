"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { judgingApi } from "@/lib/client/judging-api";
import type { JudgeTask } from "@/lib/domain/judging/judge-tasks/judge-task";
import { JUDGE_TASKS, judgeTaskList } from "@/lib/domain/judging/judge-tasks/registry";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { Field, Select, TextArea, TextInput } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

/** "word = level" lines as a map, and back. */
const mapOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.split("="))
      .filter((parts) => parts.length === 2 && parts[0]!.trim() && parts[1]!.trim())
      .map(([word, level]) => [word!.trim(), level!.trim()]),
  );
const mapText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([word, level]) => `${word} = ${level}`)
    .join("\n");

const BLANK: JudgeTemplate = {
  name: "",
  task: "relevance",
  scale: "trec-dl-0-3",
  system: "",
  prompt:
    "Question:\n{{question}}\n\nPassage:\n{{chunk}}\n\nRate the passage from 0 to 3, then end with:\n##final score: <0-3>",
  output: builtinTemplate("umbrela-relevance")!.output,
};

/** The template a submitted form writes. */
function templateOf(form: FormData, task: JudgeTask, kind: OutputKind): JudgeTemplate {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    name: text("name").trim(),
    task,
    scale: text("scale"),
    system: text("system"),
    prompt: text("prompt"),
    output:
      kind === "regex"
        ? { kind, pattern: text("pattern"), ignoreCase: form.get("ignoreCase") === "on", map: mapOf(text("map")) }
        : { kind, field: text("field").trim(), map: mapOf(text("map")) },
  };
}

type OutputKind = JudgeTemplate["output"]["kind"];

/**
 * Writes a template (or a new version of one): its task, scale, system text, prompt with
 * {{fields}}, and how the reply becomes a level. Saving says which version it is: a new one, or the
 * existing one when nothing changed. The server checks it and names every problem.
 */
export function TemplateEditor({
  studyId,
  from,
  onSaved,
  onClose,
}: {
  studyId: number;
  from: JudgeTemplate | null;
  onSaved: () => void;
  onClose: () => void;
}) {
  const start = from ?? BLANK;
  const [task, setTask] = useState<JudgeTask>(start.task);
  const [kind, setKind] = useState(start.output.kind);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveTemplate(studyId, (message) => {
    setSaved(message);
    onSaved();
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    save.mutate(templateOf(new FormData(event.currentTarget), task, kind));
  }
  const pending = save.isPending;
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Judge template"
      className="grid max-w-4xl gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-3"
    >
      <Field label="Name" hint="Saving under a saved name adds a version">
        <TextInput name="name" required maxLength={100} defaultValue={start.name} disabled={pending} autoFocus />
      </Field>
      <TaskFields task={task} onTask={setTask} scale={start.scale} disabled={pending} />
      <Field label="System message (optional)" className="sm:col-span-3">
        <TextArea name="system" rows={2} defaultValue={start.system} disabled={pending} />
      </Field>
      <PromptField task={task} prompt={start.prompt} disabled={pending} />
      <ReadLevelFields kind={kind} onKind={setKind} start={start.output} disabled={pending} />
      <Field
        label="Words to levels (optional)"
        className="sm:col-span-3"
        hint="One “word = level” per line, such as “yes = 1”; without one the text must be a level's value, position or label"
      >
        <TextArea
          name="map"
          rows={2}
          defaultValue={mapText(start.output.map)}
          disabled={pending}
          className="font-mono text-xs"
        />
      </Field>
      {saved && (
        <p role="status" className="text-sm text-emerald-800 sm:col-span-3">
          {saved}
        </p>
      )}
      <FormActions
        submit="Save version"
        pendingText="Saving…"
        pending={pending}
        error={save.error}
        errorLabel="Template error"
        onCancel={onClose}
        className="sm:col-span-3"
      />
    </form>
  );
}

/** How the level is read from a reply: a regular expression (its last match) or a JSON field, with what each needs. */
function ReadLevelFields({
  kind,
  onKind,
  start,
  disabled,
}: {
  kind: OutputKind;
  onKind: (kind: OutputKind) => void;
  start: JudgeTemplate["output"];
  disabled: boolean;
}) {
  return (
    <>
      <fieldset className="sm:col-span-3">
        <legend className="text-sm font-medium">Read the level from the reply by</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(
            [
              ["regex", "A regular expression (its last match)"],
              ["json", "A field of a JSON object"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="outputKind"
                value={value}
                checked={kind === value}
                onChange={() => onKind(value)}
                disabled={disabled}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === "regex" ? (
        <>
          <Field
            label="Expression"
            className="sm:col-span-2"
            hint="RE2 syntax (no backreferences or lookarounds). Its group “level”, else its first group, else the whole match"
          >
            <TextInput
              name="pattern"
              required
              className="font-mono"
              defaultValue={start.kind === "regex" ? start.pattern : ""}
              disabled={disabled}
            />
          </Field>
          <label className="flex items-center gap-2 self-center text-sm">
            <input
              type="checkbox"
              name="ignoreCase"
              defaultChecked={start.kind === "regex" ? start.ignoreCase : true}
              disabled={disabled}
            />
            Ignore case
          </label>
        </>
      ) : (
        <Field label="JSON field" className="sm:col-span-3" hint="A name, or names joined by dots (verdict.label)">
          <TextInput
            name="field"
            required
            defaultValue={start.kind === "json" ? start.field : ""}
            disabled={disabled}
          />
        </Field>
      )}
    </>
  );
}

/** Saves the template; says which version it is (a new one, or the existing one when nothing changed). */
function useSaveTemplate(studyId: number, onSaved: (message: string) => void) {
  return useMutation({
    mutationFn: (template: JudgeTemplate) => judgingApi.saveTemplate(studyId, template),
    onSuccess: (result) =>
      onSaved(
        result.created
          ? `Saved ${result.version.name} as version ${result.version.version.slice(0, 12)}.`
          : `Nothing changed: this is version ${result.version.version.slice(0, 12)} of ${result.version.name}.`,
      ),
  });
}

/** The task a template judges and its scale (those the task offers). */
function TaskFields({
  task,
  onTask,
  scale,
  disabled,
}: {
  task: JudgeTask;
  onTask: (task: JudgeTask) => void;
  scale: string;
  disabled: boolean;
}) {
  return (
    <>
      <Field label="Task">
        <Select name="task" value={task} onChange={(e) => onTask(e.target.value as JudgeTask)} disabled={disabled}>
          {judgeTaskList().map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Scale">
        <Select
          key={task}
          name="scale"
          defaultValue={JUDGE_TASKS[task].scales.includes(scale) ? scale : undefined}
          disabled={disabled}
        >
          {JUDGE_TASKS[task].scales.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

/** The prompt, with the {{fields}} its task fills and those it requires. */
function PromptField({ task, prompt, disabled }: { task: JudgeTask; prompt: string; disabled: boolean }) {
  return (
    <Field
      label="Prompt"
      className="sm:col-span-3"
      hint={`Fields: ${JUDGE_TASKS[task].fields.map((f) => `{{${f}}}`).join(", ")}; required: ${JUDGE_TASKS[task].required.map((f) => `{{${f}}}`).join(", ")}`}
    >
      <TextArea
        name="prompt"
        rows={12}
        required
        defaultValue={prompt}
        disabled={disabled}
        className="font-mono text-xs"
      />
    </Field>
  );
}
