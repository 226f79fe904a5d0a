import type { ReactNode } from "react";

/**
 * An error the user must read: a box under a page's form, or `inline` beside the control it is
 * about. `label` names it for screen readers and tests ("Report error").
 */
export function Alert({
  label,
  inline = false,
  className = "",
  children,
}: {
  label?: string;
  inline?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="alert"
      aria-label={label}
      className={`text-sm ${inline ? "text-red-700" : "rounded-md bg-red-50 px-3 py-2 text-red-800"} ${className}`}
    >
      {children}
    </p>
  );
}
