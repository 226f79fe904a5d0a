import { PROTOCOL_LABELS, type Protocol } from "@/lib/domain/campaigns/protocol";
import { PAIR_TASK_SCALES } from "@/lib/domain/scales";
import { Field, Select, TextInput } from "@/components/ui/field";
import { scaleIdOf, type CampaignFields, type SetFields } from "./campaign-fields";

const LLM_JUDGE_LABEL =
  "LLM judge (the report compares each annotator with it; annotators see its labels after their blind label, " +
  "or from the start when assisted, never in a blind campaign; used by LLM-based sampling)";

/**
 * A pair task's scale (a built-in one or custom ordered levels), protocol, LLM judge and term
 * marks; a nugget assignment's protocol and LLM judge only (its scale is the track's three levels).
 */
export function JudgingFields({
  fields,
  set,
  llmJudges,
  pair = true,
}: {
  fields: CampaignFields;
  set: SetFields;
  llmJudges: string[];
  pair?: boolean;
}) {
  const scaleId = scaleIdOf(fields);
  return (
    <>
      {pair && (
        <>
          <Field label="Scale">
            <Select compact value={scaleId} onChange={(e) => set({ chosenScaleId: e.target.value })}>
              {PAIR_TASK_SCALES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
              <option value="custom">Custom ordered levels…</option>
            </Select>
          </Field>
          {scaleId === "custom" && (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Levels, lowest first">
                <TextInput
                  compact
                  value={fields.customLevels}
                  onChange={(e) => set({ customLevels: e.target.value })}
                />
              </Field>
              <Field label="Positive from level">
                <TextInput compact value={fields.customFrom} onChange={(e) => set({ customFrom: e.target.value })} />
              </Field>
            </div>
          )}
        </>
      )}
      <Field label="Protocol">
        <Select compact value={fields.protocol} onChange={(e) => set({ protocol: e.target.value as Protocol })}>
          {Object.entries(PROTOCOL_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={LLM_JUDGE_LABEL}>
        <Select compact value={fields.llmJudge} onChange={(e) => set({ llmJudge: e.target.value })}>
          {llmJudges.map((j) => (
            <option key={j} value={j}>
              {j}
            </option>
          ))}
        </Select>
      </Field>
      {pair && (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={fields.highlightTerms}
            onChange={(e) => set({ highlightTerms: e.target.checked })}
          />
          <span>
            Mark the question&apos;s terms in prose passages, as TREC assessors&apos; tools do (recorded with the
            campaign)
          </span>
        </label>
      )}
    </>
  );
}
