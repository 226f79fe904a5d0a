import { taskTypeList } from "@/lib/domain/task-types/registry";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { Field, Select, TextInput } from "@/components/ui/field";
import { CriteriaEditor } from "../criteria-editor";
import { NUGGET_SET_TASKS } from "@/lib/domain/nuggets/nugget-sets";
import {
  withTask,
  type CampaignFields,
  type CampaignFormOptions,
  type SetFields,
  type TaskChoice,
} from "./campaign-fields";

/** The campaign's name and task; a comparison (preference) task also chooses its systems and criteria. */
export function TaskFields({
  fields,
  set,
  options,
  pairTasksOnly,
}: {
  fields: CampaignFields;
  set: SetFields;
  options: CampaignFormOptions;
  /** a follow-up's items are chosen pairs: only pair tasks label them */
  pairTasksOnly: boolean;
}) {
  const comparing = TASK_TYPES[fields.taskType].unit === "request";
  return (
    <>
      <Field label="Name">
        <TextInput compact value={fields.name} onChange={(e) => set({ name: e.target.value })} required />
      </Field>
      <Field label="Task">
        <Select compact value={fields.taskType} onChange={(e) => set(withTask(fields, e.target.value as TaskChoice))}>
          {taskTypeList()
            .filter((t) => !pairTasksOnly || t.unit === "pair")
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.menu}
              </option>
            ))}
        </Select>
      </Field>
      {options.nuggetSets.length > 1 && NUGGET_SET_TASKS.includes(fields.taskType) && (
        <Field label="Nugget set">
          <Select compact value={fields.nuggetSet} onChange={(e) => set({ nuggetSet: e.target.value })}>
            {options.nuggetSets.map((name, i) => (
              <option key={name} value={i === 0 ? "" : name}>
                {i === 0 ? `${name} (the first)` : name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {comparing && (
        <>
          <SystemsField fields={fields} set={set} systems={options.answeringSystems} />
          <CriteriaEditor criteria={fields.criteria} onChange={(criteria) => set({ criteria })} />
        </>
      )}
    </>
  );
}

function SystemsField({ fields, set, systems }: { fields: CampaignFields; set: SetFields; systems: string[] }) {
  const toggle = (system: string, on: boolean) =>
    set({ systems: on ? [...fields.systems, system] : fields.systems.filter((s) => s !== system) });
  return (
    <fieldset>
      <legend className="block text-sm font-medium">
        Systems (two, or more for every pair among them; their names are never shown to annotators)
      </legend>
      {systems.length < 2 && (
        <p className="text-sm text-stone-500">
          This study needs answers from two systems: import pairwise responses first.
        </p>
      )}
      {systems.map((system) => (
        <label key={system} className="mt-1 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={fields.systems.includes(system)}
            onChange={(e) => toggle(system, e.target.checked)}
          />
          <span className="font-mono text-xs">{system}</span>
        </label>
      ))}
    </fieldset>
  );
}
