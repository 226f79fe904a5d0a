import type { SampleKind } from "@/lib/domain/campaigns/sampling";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { Field, Select, TextInput } from "@/components/ui/field";
import type { CampaignFields, FollowUp, SetFields } from "./campaign-fields";

/** The sample design the task offers and its numbers: questions, pairs or answers (N), a cap, the seed; which citations a citation sample judges. */
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
  const unit = TASK_TYPES[fields.taskType].unit;
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
      {unit === "citation" && (
        <Field label="Citations judged" hint="Thakur et al. judged each sentence's first citation">
          <Select
            compact
            value={fields.citations}
            onChange={(e) => set({ citations: e.target.value as CampaignFields["citations"] })}
          >
            <option value="first">Each sentence with the passage it cites first</option>
            <option value="every">Each sentence with every passage it cites</option>
          </Select>
        </Field>
      )}
      <div className="grid grid-cols-3 gap-3">
        {(kind === "random_questions" || kind === "llm_positive_per_question") &&
          number("Questions (N)", fields.questions, (questions) => ({ questions }))}
        {kind === "random_pairs" &&
          number(unit === "answer" || unit === "citation" ? "Answers (N)" : "Pairs (N)", fields.pairs, (pairs) => ({
            pairs,
          }))}
        {kind !== "targets" && kind !== "random_pairs" && unit !== "citation" && (
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
