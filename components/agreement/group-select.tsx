import type { AgreementQuery } from "@/lib/schemas/agreement";
import { Select } from "@/components/ui/field";

const GROUPS: [AgreementQuery["group"], string][] = [
  ["none", "No grouping"],
  ["query", "Question"],
  ["tag", "Topic (tag)"],
  ["collection", "Collection"],
  ["nugget_position", "Nugget position"],
  ["criterion", "Criterion"],
];

/** What the agreement report groups its per-group κ by. */
export function GroupSelect({ value }: { value: AgreementQuery["group"] }) {
  return (
    <label className="block text-sm font-medium">
      Group by
      <Select name="group" defaultValue={value} className="mt-1">
        {GROUPS.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </Select>
    </label>
  );
}
