import Link from "next/link";
import { Field, TextInput } from "@/components/ui/field";
import type { CampaignFields, CampaignFormOptions, SetFields } from "./campaign-fields";

/** How many annotators label each item, and which of the study's annotator members take part. */
export function AnnotatorFields({
  fields,
  set,
  options,
}: {
  fields: CampaignFields;
  set: SetFields;
  options: CampaignFormOptions;
}) {
  const toggle = (id: number, on: boolean) =>
    set({ annotatorIds: on ? [...fields.annotatorIds, id] : fields.annotatorIds.filter((a) => a !== id) });
  return (
    <>
      <Field label="Annotators per item (overlap)">
        <TextInput
          type="number"
          min={1}
          max={10}
          compact
          value={fields.overlap}
          onChange={(e) => set({ overlap: Number(e.target.value) })}
        />
      </Field>
      <fieldset>
        <legend className="block text-sm font-medium">Annotators</legend>
        {options.annotators.length === 0 && (
          <p className="text-sm text-stone-500">
            This study has no annotator members yet: add them on the{" "}
            <Link href={`/studies/${options.study.id}/members`} className="text-sky-700 underline">
              Members
            </Link>{" "}
            page.
          </p>
        )}
        {options.annotators.map((a) => (
          <label key={a.id} className="mt-1 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={fields.annotatorIds.includes(a.id)}
              onChange={(e) => toggle(a.id, e.target.checked)}
            />
            {a.name} <span className="text-stone-500">{a.email}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
