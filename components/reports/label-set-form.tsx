import type { ImpactQuery } from "@/lib/schemas/impact";
import { Select } from "@/components/ui/field";

/** A plain GET form choosing label sets A and B among a study's label sets. */
export function LabelSetForm({
  sources,
  query,
  submit,
}: {
  sources: { value: string; label: string }[];
  query: ImpactQuery;
  submit: string;
}) {
  const options = (
    <>
      <option value="">Choose…</option>
      {sources.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </>
  );
  return (
    <form
      method="get"
      className="mt-4 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-3"
      aria-label="Label sets"
    >
      <label className="block text-sm font-medium">
        Label set A
        <Select name="a" defaultValue={query.a} className="mt-1" required>
          {options}
        </Select>
      </label>
      <label className="block text-sm font-medium">
        Label set B
        <Select name="b" defaultValue={query.b} className="mt-1" required>
          {options}
        </Select>
      </label>
      <button
        type="submit"
        className="rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700"
      >
        {submit}
      </button>
    </form>
  );
}
