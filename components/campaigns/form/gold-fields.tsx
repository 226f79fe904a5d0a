import { useId } from "react";
import { Field, Select, TextInput } from "@/components/ui/field";
import { goldHiding } from "@/lib/domain/campaigns/gold";
import { sampleSpec, type CampaignFields, type CampaignFormOptions, type SetFields } from "./campaign-fields";

/**
 * Gold items for a pair campaign: the reference label set whose labels are the known answers, and
 * how many to mix in (K items or a share of the sample). Annotators cannot tell them from the rest,
 * but where the sample holds every pair of its questions: then the form says so, before the start.
 */
export function GoldFields({
  fields,
  set,
  referenceSets,
}: {
  fields: CampaignFields;
  set: SetFields;
  referenceSets: CampaignFormOptions["referenceSets"];
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium">Gold items</legend>
      {/* labelled by id, not by a wrapping label: a label's text would take in the options' names */}
      <div className="text-sm font-medium">
        <label htmlFor={`${id}-set`}>Known answers from</label>
        <Select
          id={`${id}-set`}
          aria-describedby={`${id}-hint`}
          compact
          className="mt-1"
          value={fields.goldSet}
          onChange={(e) => set({ goldSet: e.target.value })}
        >
          <option value="">None</option>
          {referenceSets.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <p id={`${id}-hint`} className="mt-1 text-xs font-normal text-stone-500">
          Pooled pairs it labels, beyond the ones drawn, placed like the sample&apos;s own; answers to them make no
          labels
        </p>
      </div>
      {fields.goldSet !== "" && goldHiding(sampleSpec(fields)) === "visible" && <GoldWouldShow />}
      {fields.goldSet !== "" && (
        <div className="grid grid-cols-2 gap-3">
          <Field label="How many">
            <Select
              compact
              value={fields.goldBy}
              onChange={(e) => set({ goldBy: e.target.value as CampaignFields["goldBy"] })}
            >
              <option value="share">A share of the sample</option>
              <option value="count">A number of items</option>
            </Select>
          </Field>
          {fields.goldBy === "share" ? (
            <Field label="Share (%)">
              <TextInput
                type="number"
                min={1}
                max={100}
                compact
                value={fields.goldPercent}
                onChange={(e) => set({ goldPercent: Number(e.target.value) })}
              />
            </Field>
          ) : (
            <Field label="Gold items (K)">
              <TextInput
                type="number"
                min={1}
                compact
                value={fields.goldCount}
                onChange={(e) => set({ goldCount: Number(e.target.value) })}
              />
            </Field>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** Said before the start when the sample holds every pair of its questions: gold would show by its questions. */
function GoldWouldShow() {
  return (
    <p
      role="note"
      data-testid="gold-visible"
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      This sample takes every pair of its questions, so gold items can only come from other questions, and an annotator
      can tell them by their questions. To hide them, choose N pairs uniformly at random, or keep this design and set a
      cap (a random share of the questions&apos; pairs). You may still start it as it is.
    </p>
  );
}
