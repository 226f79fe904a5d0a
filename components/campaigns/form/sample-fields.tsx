import type { SampleKind } from "@/lib/domain/campaigns/sampling";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { Field, Select, TextInput } from "@/components/ui/field";
import type { CampaignFields, FollowUp, SetFields } from "./campaign-fields";

/** The sample design the task offers and its numbers: questions or pairs (N), a cap, the seed. */
export function SampleFields({
  fields,
  set,
  followUp,
}: {
  fields: CampaignFields;
  set: SetFields;
  followUp?: FollowUp;
}) {
  const kind = fields.sampleKind;
  const kinds = Object.entries(TASK_TYPES[fields.taskType].sampleLabels).filter(
    ([value]) => value !== "targets" || followUp,
  );
  const number = (label: string, value: number, patch: (n: number) => Partial<CampaignFields>, min = 1) => (
    <Field label={label}>
      <TextInput type="number" min={min} compact value={value} onChange={(e) => set(patch(Number(e.target.value)))} />
    </Field>
  );
  return (
    <>
      <Field label="Sample">
        <Select compact value={kind} onChange={(e) => set({ sampleKind: e.target.value as SampleKind })}>
          {kinds.map(([value, text]) => (
            <option key={value} value={value}>
              {value === "targets"
                ? `The ${followUp!.targetKeys.length} chosen pairs (from the disagreement queue)`
                : text}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-3 gap-3">
        {(kind === "random_questions" || kind === "llm_positive_per_question") &&
          number("Questions (N)", fields.questions, (questions) => ({ questions }))}
        {kind === "random_pairs" &&
          number(
            TASK_TYPES[fields.taskType].unit === "answer" ? "Answers (N)" : "Pairs (N)",
            fields.pairs,
            (pairs) => ({
              pairs,
            }),
          )}
        {kind !== "targets" && kind !== "random_pairs" && (
          <Field label="Cap (items)">
            <TextInput
              type="number"
              min={1}
              compact
              value={fields.cap}
              placeholder="none"
              onChange={(e) => set({ cap: e.target.value })}
            />
          </Field>
        )}
        {number("Seed", fields.seed, (seed) => ({ seed }), 0)}
      </div>
    </>
  );
}
