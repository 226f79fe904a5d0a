import { Select } from "@/components/ui/field";

/**
 * A report form's field: one choice among `choices`, submitted under `name` (each choice a search
 * param of a plain GET form). `empty` is the first option's text (no value), or null for none.
 */
export function ChoiceField({
  label,
  name,
  choices,
  defaultValue,
  empty = "Choose…",
  required = false,
  className = "",
}: {
  label: string;
  name: string;
  choices: readonly { value: string | number; label: string }[];
  defaultValue: string | number | null;
  empty?: string | null;
  required?: boolean;
  /** grid placement in the form ("sm:col-span-2") */
  className?: string;
}) {
  return (
    <label className={`block text-sm font-medium ${className}`}>
      {label}
      <Select name={name} defaultValue={defaultValue ?? ""} className="mt-1" required={required}>
        {empty !== null && <option value="">{empty}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </label>
  );
}
