"use client";

import type { JudgeSampleKind } from "@/lib/domain/judging/judge-tasks/judge-task";
import type { AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import { DEFAULT_TRIES, NUGGETIZER_DEFAULTS } from "@/lib/domain/judging/nuggetizer-prompts";
import type { JudgingPage, NewJudgeRun } from "@/lib/schemas/judging";
import { Field, Select, TextInput } from "@/components/ui/field";

/** A nuggetizer run's settings as the form gives them. */
export function nuggetizerOf(form: FormData): NonNullable<NewJudgeRun["nuggetizer"]> {
  const number = (name: string) => Number(form.get(name));
  return {
    ...(form.get("labelSet") ? { labelSet: String(form.get("labelSet")) } : {}),
    ...(form.has("level") ? { level: number("level") } : {}),
    windowSize: number("windowSize"),
    maxNuggets: number("maxNuggets"),
    maxTries: number("maxTries"),
  };
}

/**
 * The nugget fields of a run: a nuggetizer run's (NuggetizerFields), or the nugget set a nugget
 * assignment or support run reads (NuggetSetField).
 */
export function NuggetFields({
  task,
  kind,
  nuggetSets,
  passageSets,
  disabled,
}: {
  task: AnyJudgeTask | null;
  kind: JudgeSampleKind;
  disabled: boolean;
} & Pick<JudgingPage, "passageSets" | "nuggetSets">) {
  if (task?.unit !== "question")
    return <NuggetSetField nuggetSets={nuggetSets} task={task} kind={kind} disabled={disabled} />;
  return (
    <NuggetizerFields
      creating={task.labelKind === "nuggets"}
      passageSets={passageSets}
      nuggetSets={nuggetSets}
      disabled={disabled}
    />
  );
}

/**
 * The nugget set a nugget assignment or support run reads (the study's first unless chosen), once
 * the study has two; a run over a campaign's items reads its campaign's.
 */
function NuggetSetField({
  nuggetSets,
  task,
  kind,
  disabled,
}: {
  nuggetSets: readonly string[];
  task: AnyJudgeTask | null;
  kind: JudgeSampleKind;
  disabled: boolean;
}) {
  const readsNuggets = task?.unit === "answer" || task?.pairTarget === "nugget_document";
  if (nuggetSets.length < 2 || kind === "campaign" || !readsNuggets) return null;
  return (
    <Field label="Nugget set">
      <Select name="nuggetSet" defaultValue="" disabled={disabled}>
        {nuggetSets.map((name, i) => (
          <option key={name} value={i === 0 ? "" : name}>
            {i === 0 ? `${name} (the first)` : name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * What a nuggetizer run reads and how: creation, the label set whose relevant passages it reads
 * and the level they start at; importance, the nugget set it grades (the newest first); both, the
 * window size, the most nuggets a list keeps and the tries a window makes.
 */
function NuggetizerFields({
  creating,
  passageSets,
  nuggetSets,
  disabled,
}: {
  /** Creation (it writes a set), else importance (it grades one). */
  creating: boolean;
  disabled: boolean;
} & Pick<JudgingPage, "passageSets" | "nuggetSets">) {
  const number = (name: string, label: string, value: number, max: number, hint?: string) => (
    <Field label={label} hint={hint}>
      <TextInput
        name={name}
        type="number"
        min={name === "level" ? 0 : 1}
        max={max}
        required
        defaultValue={value}
        disabled={disabled}
      />
    </Field>
  );
  return (
    <>
      {creating ? (
        <>
          <Field
            label="Relevant passages from"
            hint="The label set whose relevant passages the LLM reads, in its order"
          >
            <Select name="labelSet" required disabled={disabled}>
              {passageSets.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </Select>
          </Field>
          {number("level", "Relevant from level", 2, 20, "The lowest level that counts (0, 1, 2, … of its scale)")}
        </>
      ) : (
        <Field label="Nugget set to grade" hint="One an LLM made, or one no one has graded">
          <Select name="nuggetSet" required defaultValue={nuggetSets.at(-1)} disabled={disabled}>
            {[...nuggetSets].reverse().map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {number("windowSize", creating ? "Passages a call" : "Nuggets a call", NUGGETIZER_DEFAULTS.windowSize, 100)}
      {creating && number("maxNuggets", "Most nuggets a question", NUGGETIZER_DEFAULTS.maxNuggets, 200)}
      {!creating && <input type="hidden" name="maxNuggets" value={NUGGETIZER_DEFAULTS.maxNuggets} />}
      {number(
        "maxTries",
        "Tries a call",
        DEFAULT_TRIES,
        NUGGETIZER_DEFAULTS.maxTrials,
        "A reply that is no list is asked again, at 0.2 (nuggetizer: 500)",
      )}
    </>
  );
}
