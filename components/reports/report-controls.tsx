import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A report's choices as a plain GET form: each choice is a search param, so the report a choice
 * gives is a page of its own that can be linked and cited. `children` are the fields, in a grid of
 * `columns` (Tailwind classes) on wider screens, followed by the `submit` button.
 */
export function ReportControls({
  label,
  submit,
  columns = "sm:grid-cols-3",
  className = "mt-4",
  children,
}: {
  /** The form's accessible name ("Label sets", "Preference source"). */
  label: string;
  submit: string;
  columns?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      className={`${className} grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 ${columns}`}
      aria-label={label}
    >
      {children}
      <Button type="submit">{submit}</Button>
    </form>
  );
}
