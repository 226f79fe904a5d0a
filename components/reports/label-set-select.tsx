"use client";
import { useState } from "react";
import { Select } from "@/components/ui/field";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";

const ENSEMBLE = "ensemble";

/**
 * A report form's label-set chooser: one of the study's label sets, or "An ensemble of LLM
 * judges…", which shows the study's LLM judges to tick (two or more) and submits
 * "ensemble:<judge>+<judge>+..." under the same name. A report opened with an ensemble shows it
 * ticked.
 */
export function LabelSetSelect({
  name,
  label,
  sets,
  models,
  defaultValue,
}: {
  name: string;
  label: string;
  sets: readonly { value: string; label: string }[];
  /** The LLM judges an ensemble can be made of. */
  models: readonly string[];
  /** The set chosen now (null: none yet). */
  defaultValue: LabelSetName | null;
}) {
  const initial = defaultValue?.kind === "ensemble" ? defaultValue.judges : null;
  const [choice, setChoice] = useState(initial ? ENSEMBLE : defaultValue ? formatLabelSet(defaultValue) : "");
  const [members, setMembers] = useState<string[]>(initial ?? []);
  const ensemble = choice === ENSEMBLE;
  const toggle = (judge: string, on: boolean) =>
    setMembers((now) => models.filter((m) => (m === judge ? on : now.includes(m))));
  return (
    // its label and its members are items of the form's grid: the members take a row of their own
    <div className="contents">
      <label className="block text-sm font-medium">
        {label}
        <Select
          name={ensemble ? undefined : name}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="mt-1"
          required
        >
          <option value="">Choose…</option>
          {sets.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
          {models.length >= 2 && <option value={ENSEMBLE}>An ensemble of LLM judges…</option>}
        </Select>
      </label>
      {ensemble && (
        <fieldset className="col-span-full rounded-md border border-stone-200 p-2 text-sm font-normal">
          <legend className="px-1 text-xs text-stone-600">
            Its members (two or more): the majority, or the lower median of ordinal levels
          </legend>
          <input type="hidden" name={name} value={formatLabelSet({ kind: "ensemble", judges: members })} />
          <ul className="grid max-h-48 gap-x-4 gap-y-1 overflow-y-auto sm:grid-cols-2">
            {models.map((m, i) => (
              <li key={m}>
                <label className="flex items-start gap-2 break-all">
                  <input
                    type="checkbox"
                    checked={members.includes(m)}
                    onChange={(e) => toggle(m, e.target.checked)}
                    ref={(box) =>
                      box?.setCustomValidity(i === 0 && members.length < 2 ? "Tick two judges or more" : "")
                    }
                    className="mt-0.5"
                  />
                  {m}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
